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
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { RiskPicker } from './RiskPicker.tsx';

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

/**
 * The job steps table as cards, one per step, for a phone held in one hand: every control is a
 * full-width, 44 px target, and steps move with Up and Down buttons rather than by dragging.
 */
export function JobStepsEditor({ steps, onChange }: { steps: SwmsStep[]; onChange: (steps: SwmsStep[]) => void }) {
  // Stable keys, so a moved step keeps its inputs (and focus) instead of being redrawn in place.
  const keys = useRef<string[]>([]);
  while (keys.current.length < steps.length) keys.current.push(newKey());
  keys.current.length = steps.length;
  const [announcement, setAnnouncement] = useState('');

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
    keys.current.splice(index, 1);
    onChange(steps.filter((_, at) => at !== index));
    setAnnouncement(`Removed step ${index + 1}.`);
  };
  const add = () => {
    keys.current.push(newKey());
    onChange([...steps, emptySwmsStep()]);
    setAnnouncement(`Added step ${steps.length + 1}.`);
  };

  return (
    <div className="flex flex-col gap-4">
      {steps.length === 0 ? <p className="text-slate-600 dark:text-slate-300">No job steps yet.</p> : null}
      <ol className="flex flex-col gap-4">
        {steps.map((step, index) => (
          <li key={keys.current[index]}>
            <StepCard
              step={step}
              number={index + 1}
              count={steps.length}
              onChange={(next) => replace(index, next)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={add}
        disabled={steps.length >= SWMS_LIMITS.steps}
        className="w-full sm:w-auto"
      >
        Add step
      </Button>
      {steps.length >= SWMS_LIMITS.steps ? (
        <p className="text-sm">A SWMS can have up to {SWMS_LIMITS.steps} steps.</p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function StepCard({
  step,
  number,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  step: SwmsStep;
  number: number;
  count: number;
  onChange: (step: SwmsStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const set = <K extends keyof SwmsStep>(key: K, value: SwmsStep[K]) => onChange({ ...step, [key]: value });
  const warn = residualExceedsInitial(step.initial_risk, step.residual_risk);
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-base font-semibold">Step {number}</legend>
      <TextArea
        label="Job step"
        value={step.description}
        maxLength={SWMS_LIMITS.stepText}
        rows={2}
        onChange={(event) => set('description', event.target.value)}
      />
      <TextArea
        label="Hazards"
        hint="What could hurt someone in this step."
        value={step.hazards}
        maxLength={SWMS_LIMITS.stepText}
        rows={2}
        onChange={(event) => set('hazards', event.target.value)}
      />
      <RiskPicker label="Initial risk" value={step.initial_risk} onChange={(value) => set('initial_risk', value)} />
      <ControlsEditor controls={step.controls} onChange={(controls) => set('controls', controls)} />
      <RiskPicker label="Residual risk" value={step.residual_risk} onChange={(value) => set('residual_risk', value)} />
      {warn ? (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-2 text-sm text-amber-950">
          {RESIDUAL_HIGHER_WARNING}
        </p>
      ) : null}
      <TextField
        label="Person responsible"
        value={step.responsible}
        maxLength={SWMS_LIMITS.shortText}
        onChange={(event) => set('responsible', event.target.value)}
      />
      <div className="grid grid-cols-3 gap-2">
        <Button
          variant="secondary"
          aria-label={`Move step ${number} up`}
          disabled={number === 1}
          onClick={() => onMove(-1)}
        >
          Up
        </Button>
        <Button
          variant="secondary"
          aria-label={`Move step ${number} down`}
          disabled={number === count}
          onClick={() => onMove(1)}
        >
          Down
        </Button>
        <Button variant="secondary" aria-label={`Remove step ${number}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
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
          <Field label={`Control ${index + 1} type`}>
            {(props) => (
              <select
                {...props}
                value={control.level}
                onChange={(event) => replace(index, { ...control, level: parseLevel(event.target.value) })}
              >
                {controlLevelKeys.map((level) => (
                  <option key={level} value={level}>
                    {controlLevels[level]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={`Control ${index + 1}`}
            value={control.text}
            maxLength={SWMS_LIMITS.itemText}
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
