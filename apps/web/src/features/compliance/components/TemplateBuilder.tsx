import { CHECKLIST_TEMPLATE_LIMITS } from '@app/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import {
  type DraftItem,
  type DraftStage,
  draftProblems,
  type ItemKind,
  itemKindLabels,
  itemKinds,
  measureUnitsBesidesRatio,
  newItem,
  newStage,
  type RuleKind,
  ruleKindLabels,
  ruleKinds,
  type TemplateDraft,
} from '../template-draft.ts';

const inputClasses =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900';

/** Moves the entry at `index` by `step` (−1 up, +1 down); the list as it was at an end. */
function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * Builds a custom checklist template (issue 24): its name and scope, then stages of items of the
 * five kinds, each with the fields its kind needs. One column, thumb-sized controls at 375 px.
 * What is typed stays while a save is under way and after one fails.
 */
export function TemplateBuilder({
  title,
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  saveError,
}: {
  title: string;
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  saveError: string | undefined;
}) {
  const headingId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const set = (change: Partial<TemplateDraft>) => onChange({ ...draft, ...change });
  const setStages = (stages: DraftStage[]) => set({ stages });
  const itemCount = draft.stages.reduce((count, stage) => count + stage.items.length, 0);
  const full = itemCount >= CHECKLIST_TEMPLATE_LIMITS.items;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (found.length === 0) onSave();
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-md border border-slate-300 p-3 dark:border-slate-600"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <TextField
        label="Template name"
        hint="As certificates print it, e.g. Balcony procedure."
        value={draft.name}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label="Standard or procedure (optional)"
        hint="What it records compliance with, e.g. Company procedure."
        value={draft.standard}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.standard}
        onChange={(event) => set({ standard: event.target.value })}
      />
      <TextField
        label="Summary (optional)"
        hint="The jobs it is for."
        value={draft.summary}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.summary}
        onChange={(event) => set({ summary: event.target.value })}
      />
      <Checkbox
        label="Choose the NCC edition when recording it"
        checked={draft.usesNccEdition}
        onChange={(usesNccEdition) => set({ usesNccEdition })}
      />
      {draft.stages.map((stage, index) => (
        <StageEditor
          key={stage.key}
          stage={stage}
          number={index + 1}
          count={draft.stages.length}
          canAddItem={!full && stage.items.length < CHECKLIST_TEMPLATE_LIMITS.itemsPerStage}
          onChange={(next) => setStages(draft.stages.map((s) => (s.key === stage.key ? next : s)))}
          onMove={(step) => setStages(moved(draft.stages, index, step))}
          onRemove={() => setStages(draft.stages.filter((s) => s.key !== stage.key))}
        />
      ))}
      {draft.stages.length < CHECKLIST_TEMPLATE_LIMITS.stages && !full ? (
        <div>
          <Button variant="secondary" onClick={() => setStages([...draft.stages, newStage()])}>
            Add stage
          </Button>
        </div>
      ) : (
        <p className="text-sm">
          A template can have up to {CHECKLIST_TEMPLATE_LIMITS.stages} stages and {CHECKLIST_TEMPLATE_LIMITS.items}{' '}
          items.
        </p>
      )}
      {problems.length > 0 ? (
        <Alert tone="error">
          <p className="font-semibold">Fix these, then save again:</p>
          <ul className="ml-5 list-disc">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {saveError ? (
        <Alert tone="error">
          <p>The template was not saved: {saveError}</p>
          <p>Your changes are still here. Try saving again.</p>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={saving} pendingLabel="Saving template...">
          Save template
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function StageEditor({
  stage,
  number,
  count,
  canAddItem,
  onChange,
  onMove,
  onRemove,
}: {
  stage: DraftStage;
  number: number;
  count: number;
  canAddItem: boolean;
  onChange: (stage: DraftStage) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = stage.title.trim() || `Stage ${number}`;
  const setItems = (items: DraftItem[]) => onChange({ ...stage, items });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 font-semibold">Stage {number}</legend>
      <TextField
        label={`Stage ${number} title`}
        value={stage.title}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.stageTitle}
        onChange={(event) => onChange({ ...stage, title: event.target.value })}
      />
      {stage.items.map((item, index) => (
        <ItemEditor
          key={item.key}
          item={item}
          where={`item ${index + 1} of ${name}`}
          first={index === 0}
          last={index === stage.items.length - 1}
          onChange={(next) => setItems(stage.items.map((i) => (i.key === item.key ? next : i)))}
          onMove={(step) => setItems(moved(stage.items, index, step))}
          onRemove={() => setItems(stage.items.filter((i) => i.key !== item.key))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {canAddItem ? (
          <Button
            variant="secondary"
            aria-label={`Add item to ${name}`}
            onClick={() => setItems([...stage.items, newItem('yes_no', stage.title)])}
          >
            Add item
          </Button>
        ) : null}
        <Button variant="secondary" aria-label={`Move up: ${name}`} disabled={number === 1} onClick={() => onMove(-1)}>
          Move up
        </Button>
        <Button
          variant="secondary"
          aria-label={`Move down: ${name}`}
          disabled={number === count}
          onClick={() => onMove(1)}
        >
          Move down
        </Button>
        {count > 1 ? (
          <Button variant="secondary" aria-label={`Remove stage: ${name}`} onClick={onRemove}>
            Remove stage
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function ItemEditor({
  item,
  where,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  item: DraftItem;
  /** e.g. "item 2 of Falls", for the buttons' accessible names. */
  where: string;
  first: boolean;
  last: boolean;
  onChange: (item: DraftItem) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const baseId = useId();
  const set = (change: Partial<DraftItem>) => onChange({ ...item, ...change });
  const label = item.label.trim() || where;
  const labelled = (text: string, control: ReactNode, id: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {text}
      </label>
      {control}
    </div>
  );
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <legend className="sr-only">{`Item: ${label}`}</legend>
      {labelled(
        'Check',
        <input
          id={`${baseId}-label`}
          value={item.label}
          maxLength={CHECKLIST_TEMPLATE_LIMITS.label}
          onChange={(event) => set({ label: event.target.value })}
          className={inputClasses}
        />,
        `${baseId}-label`,
      )}
      {labelled(
        'Kind',
        <select
          id={`${baseId}-kind`}
          value={item.kind}
          onChange={(event) => set({ kind: event.target.value as ItemKind })}
          className={inputClasses}
        >
          {itemKinds.map((kind) => (
            <option key={kind} value={kind}>
              {itemKindLabels[kind]}
            </option>
          ))}
        </select>,
        `${baseId}-kind`,
      )}
      {item.kind === 'yes_no' ? (
        <>
          {labelled(
            'Expected answer',
            <select
              id={`${baseId}-expected`}
              value={item.expected}
              onChange={(event) => set({ expected: event.target.value as 'yes' | 'no' })}
              className={inputClasses}
            >
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>,
            `${baseId}-expected`,
          )}
          {labelled(
            'The other answer is',
            <select
              id={`${baseId}-otherwise`}
              value={item.otherwise}
              onChange={(event) => set({ otherwise: event.target.value as 'warning' | 'fail' })}
              className={inputClasses}
            >
              <option value="warning">A warning (printed on the certificate)</option>
              <option value="fail">A fail (stops completion)</option>
            </select>,
            `${baseId}-otherwise`,
          )}
        </>
      ) : null}
      {item.kind === 'measure' ? (
        <>
          {labelled(
            'Rule',
            <select
              id={`${baseId}-rule`}
              value={item.ruleKind}
              onChange={(event) => set({ ruleKind: event.target.value as RuleKind })}
              className={inputClasses}
            >
              {ruleKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {ruleKindLabels[kind]}
                </option>
              ))}
            </select>,
            `${baseId}-rule`,
          )}
          {item.ruleKind === 'fall' ? (
            <div className="grid grid-cols-2 gap-3">
              {labelled(
                'Steepest 1:',
                <input
                  id={`${baseId}-steepest`}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={CHECKLIST_TEMPLATE_LIMITS.fall}
                  value={item.steepest}
                  onChange={(event) => set({ steepest: event.target.value })}
                  className={inputClasses}
                />,
                `${baseId}-steepest`,
              )}
              {labelled(
                'Flattest 1:',
                <input
                  id={`${baseId}-flattest`}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={CHECKLIST_TEMPLATE_LIMITS.fall}
                  value={item.flattest}
                  onChange={(event) => set({ flattest: event.target.value })}
                  className={inputClasses}
                />,
                `${baseId}-flattest`,
              )}
            </div>
          ) : (
            labelled(
              'Unit',
              <select
                id={`${baseId}-unit`}
                value={item.unit}
                onChange={(event) => set({ unit: event.target.value as DraftItem['unit'] })}
                className={inputClasses}
              >
                {measureUnitsBesidesRatio.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </select>,
              `${baseId}-unit`,
            )
          )}
          {item.ruleKind === 'at_least'
            ? labelled(
                `Minimum (${item.unit})`,
                <input
                  id={`${baseId}-min`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  value={item.min}
                  onChange={(event) => set({ min: event.target.value })}
                  className={inputClasses}
                />,
                `${baseId}-min`,
              )
            : null}
          {item.ruleKind === 'at_least_entered'
            ? labelled(
                'Figure entered on the job',
                <input
                  id={`${baseId}-reference`}
                  value={item.referenceLabel}
                  placeholder="e.g. manufacturer's minimum thickness"
                  maxLength={CHECKLIST_TEMPLATE_LIMITS.label}
                  onChange={(event) => set({ referenceLabel: event.target.value })}
                  className={inputClasses}
                />,
                `${baseId}-reference`,
              )
            : null}
        </>
      ) : null}
      {item.kind === 'text' ? (
        <Checkbox label="Required" checked={item.required} onChange={(required) => set({ required })} />
      ) : null}
      {item.kind === 'photo'
        ? labelled(
            'Stage the photo shows',
            <input
              id={`${baseId}-stage`}
              value={item.stage}
              maxLength={CHECKLIST_TEMPLATE_LIMITS.stageTitle}
              onChange={(event) => set({ stage: event.target.value })}
              className={inputClasses}
            />,
            `${baseId}-stage`,
          )
        : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-label={`Move up: ${label}`} disabled={first} onClick={() => onMove(-1)}>
          Move up
        </Button>
        <Button variant="secondary" aria-label={`Move down: ${label}`} disabled={last} onClick={() => onMove(1)}>
          Move down
        </Button>
        {first && last ? null : (
          <Button variant="secondary" aria-label={`Remove item: ${label}`} onClick={onRemove}>
            Remove item
          </Button>
        )}
      </div>
    </fieldset>
  );
}
