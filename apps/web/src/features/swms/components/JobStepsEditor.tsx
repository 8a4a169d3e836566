import {
  type ControlLevel,
  controlLevelKeys,
  controlLevels,
  emptySwmsStep,
  RESIDUAL_HIGHER_WARNING,
  residualExceedsInitial,
  SWMS_LIMITS,
  type SwmsStep,
} from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { RiskBadge, RiskPicker } from './RiskPicker.tsx';
import { textProps } from './text-props.ts';

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

const hasContent = (step: SwmsStep) => JSON.stringify(step) !== JSON.stringify(emptySwmsStep());

/**
 * The job steps for a phone held in one hand: a list of the steps (what each is, its ratings in
 * words) to reorder with Up and Down buttons rather than by dragging, and one step at a time in
 * its own editor. Every control is a full-width, 44 px target.
 */
export function JobStepsEditor({ steps, onChange }: { steps: SwmsStep[]; onChange: (steps: SwmsStep[]) => void }) {
  // Stable keys, so a moved step keeps its row (and focus) instead of being redrawn in place.
  const keys = useRef<string[]>([]);
  while (keys.current.length < steps.length) keys.current.push(newKey());
  keys.current.length = steps.length;
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useEditedStep();
  const [removing, setRemoving] = useState<number | undefined>(undefined);
  // The Edit button to focus again once its step's editor is closed.
  const returnTo = useRef<number | undefined>(undefined);

  const replace = (index: number, step: SwmsStep) => onChange(steps.map((item, at) => (at === index ? step : item)));
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    const next = [...steps];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(target, 0, moved);
    const [key] = keys.current.splice(index, 1);
    if (key) keys.current.splice(target, 0, key);
    onChange(next);
    setAnnouncement(`Moved step ${index + 1} to position ${target + 1} of ${steps.length}.`);
  };
  const remove = (index: number) => {
    setRemoving(undefined);
    keys.current.splice(index, 1);
    onChange(steps.filter((_, at) => at !== index));
    setAnnouncement(`Removed step ${index + 1}.`);
  };
  const add = () => {
    keys.current.push(newKey());
    onChange([...steps, emptySwmsStep()]);
    setEditing(steps.length);
    setAnnouncement(`Added step ${steps.length + 1}.`);
  };
  const close = () => {
    returnTo.current = editing;
    setEditing(undefined);
  };

  const edited = editing === undefined ? undefined : steps[editing];
  if (editing !== undefined && edited) {
    return (
      <div className="flex flex-col gap-4">
        <StepEditor
          key={keys.current[editing]}
          step={edited}
          number={editing + 1}
          count={steps.length}
          onChange={(next) => replace(editing, next)}
        />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" disabled={editing === 0} onClick={() => setEditing(editing - 1)}>
            Previous step
          </Button>
          <Button variant="secondary" disabled={editing === steps.length - 1} onClick={() => setEditing(editing + 1)}>
            Next step
          </Button>
        </div>
        <Button onClick={close}>Back to all steps</Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {steps.length === 0 ? <p className="text-slate-600 dark:text-slate-300">No job steps yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => {
          const number = index + 1;
          return (
            <li
              key={keys.current[index]}
              className="flex flex-col gap-2 rounded-md border border-slate-300 p-3 dark:border-slate-600"
            >
              <p className="font-semibold">Step {number}</p>
              <p className="line-clamp-3 break-words">
                {step.description || <span className="text-slate-600 dark:text-slate-300">No description yet</span>}
              </p>
              <div className="flex flex-wrap gap-2">
                <RiskBadge assessment={step.initial_risk} prefix="Initial: " />
                <RiskBadge assessment={step.residual_risk} prefix="Residual: " />
              </div>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <Button
                  ref={(button) => {
                    if (button && returnTo.current === index) {
                      returnTo.current = undefined;
                      button.focus();
                    }
                  }}
                  aria-label={`Edit step ${number}`}
                  onClick={() => setEditing(index)}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Remove step ${number}`}
                  onClick={() => (hasContent(step) ? setRemoving(index) : remove(index))}
                >
                  Remove
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Move step ${number} up`}
                  disabled={number === 1}
                  onClick={() => move(index, -1)}
                >
                  Up
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Move step ${number} down`}
                  disabled={number === steps.length}
                  onClick={() => move(index, 1)}
                >
                  Down
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        onClick={add}
        disabled={steps.length >= SWMS_LIMITS.steps}
        className="w-full sm:w-auto"
      >
        Add a step
      </Button>
      {steps.length >= SWMS_LIMITS.steps ? (
        <p className="text-sm">A SWMS can have up to {SWMS_LIMITS.steps} steps.</p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {removing !== undefined ? (
        <ConfirmDialog
          title={`Remove step ${removing + 1}?`}
          description="Its description, hazards, ratings and control measures are removed with it."
          cancelLabel="Keep the step"
          confirmLabel={`Remove step ${removing + 1}`}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => remove(removing)}
        />
      ) : null}
    </div>
  );
}

/**
 * The step open in its editor, from the URL (`?section=steps&step=3`, counted from 1), so a reload or
 * Back returns to the step being edited; without it, the list of steps.
 */
function useEditedStep() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const number = Number(search.get('step'));
  const editing = Number.isInteger(number) && number >= 1 ? number - 1 : undefined;
  const setEditing = (index: number | undefined) => {
    const next = new URLSearchParams(search);
    if (index === undefined) next.delete('step');
    else next.set('step', String(index + 1));
    void navigate({ search: `?${next.toString()}` });
  };
  return [editing, setEditing] as const;
}

/** One step's editor; its heading takes the focus when it opens. */
function StepEditor({
  step,
  number,
  count,
  onChange,
}: {
  step: SwmsStep;
  number: number;
  count: number;
  onChange: (step: SwmsStep) => void;
}) {
  const set = <K extends keyof SwmsStep>(key: K, value: SwmsStep[K]) => onChange({ ...step, [key]: value });
  const text = textProps(step, set);
  const warn = residualExceedsInitial(step.initial_risk, step.residual_risk);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-base font-semibold">Step {number}</legend>
      <h3 ref={heading} tabIndex={-1} className="text-sm text-slate-600 dark:text-slate-300">
        Editing step {number} of {count}
      </h3>
      <TextArea label="Job step" maxLength={SWMS_LIMITS.stepText} rows={2} grow {...text('description')} />
      <TextArea
        label="Hazards"
        hint="What could hurt someone in this step."
        maxLength={SWMS_LIMITS.stepText}
        rows={2}
        grow
        {...text('hazards')}
      />
      <RiskPicker label="Initial risk" value={step.initial_risk} onChange={(value) => set('initial_risk', value)} />
      <ControlsEditor controls={step.controls} onChange={(controls) => set('controls', controls)} />
      <RiskPicker label="Residual risk" value={step.residual_risk} onChange={(value) => set('residual_risk', value)} />
      {warn ? (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-2 text-sm text-amber-950">
          {RESIDUAL_HIGHER_WARNING}
        </p>
      ) : null}
      <TextField label="Person responsible" maxLength={SWMS_LIMITS.shortText} {...text('responsible')} />
    </fieldset>
  );
}

const parseLevel = (value: string): ControlLevel =>
  controlLevelKeys.find((level) => level === value) ?? 'administrative';

function ControlsEditor({
  controls,
  onChange,
}: {
  controls: SwmsStep['controls'];
  onChange: (controls: SwmsStep['controls']) => void;
}) {
  const replace = (index: number, control: SwmsStep['controls'][number]) =>
    onChange(controls.map((item, at) => (at === index ? control : item)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">Control measures</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Tag each by the hierarchy of controls: eliminate first, PPE last.
      </p>
      {controls.map((control, index) => (
        // Controls are short-lived rows typed in place: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
          <Select
            label={`Control ${index + 1} type`}
            value={control.level}
            onChange={(event) => replace(index, { ...control, level: parseLevel(event.target.value) })}
            options={controlLevelKeys.map((level) => ({ value: level, label: controlLevels[level] }))}
          />
          <TextArea
            label={`Control ${index + 1}`}
            value={control.text}
            maxLength={SWMS_LIMITS.itemText}
            rows={2}
            grow
            onChange={(event) => replace(index, { ...control, text: event.target.value })}
          />
          <Button
            variant="secondary"
            aria-label={`Remove control ${index + 1}`}
            onClick={() => onChange(controls.filter((_, at) => at !== index))}
          >
            Remove control
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={controls.length >= SWMS_LIMITS.controlsPerStep}
        onClick={() => onChange([...controls, { level: 'engineering', text: '' }])}
      >
        Add control
      </Button>
    </fieldset>
  );
}
