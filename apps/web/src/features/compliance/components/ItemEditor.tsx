import { CHECKLIST_TEMPLATE_LIMITS } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import {
  type DraftItem,
  type ItemKind,
  itemKindLabels,
  itemKinds,
  measureUnitsBesidesRatio,
  type RuleKind,
  ruleKindLabels,
  ruleKinds,
} from '../template-draft.ts';

/** One item of a stage: its check, its kind and the fields that kind needs, and where it sits. */
export function ItemEditor({
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
  const set = (change: Partial<DraftItem>) => onChange({ ...item, ...change });
  const label = item.label.trim() || where;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <legend className="sr-only">{`Item: ${label}`}</legend>
      <TextField
        label="Check"
        value={item.label}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.label}
        onChange={(event) => set({ label: event.target.value })}
      />
      <Select
        label="Kind"
        value={item.kind}
        onChange={(event) => set({ kind: event.target.value as ItemKind })}
        options={itemKinds.map((kind) => ({ value: kind, label: itemKindLabels[kind] }))}
      />
      {item.kind === 'yes_no' ? (
        <>
          <Select
            label="Expected answer"
            value={item.expected}
            onChange={(event) => set({ expected: event.target.value as 'yes' | 'no' })}
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
          <Select
            label="The other answer is"
            value={item.otherwise}
            onChange={(event) => set({ otherwise: event.target.value as 'warning' | 'fail' })}
            options={[
              { value: 'warning', label: 'A warning (printed on the certificate)' },
              { value: 'fail', label: 'A fail (stops completion)' },
            ]}
          />
        </>
      ) : null}
      {item.kind === 'measure' ? <MeasureRuleFields item={item} set={set} /> : null}
      {item.kind === 'text' ? (
        <Checkbox label="Required" checked={item.required} onChange={(required) => set({ required })} />
      ) : null}
      {item.kind === 'photo' ? (
        <TextField
          label="Stage the photo shows"
          value={item.stage}
          maxLength={CHECKLIST_TEMPLATE_LIMITS.stageTitle}
          onChange={(event) => set({ stage: event.target.value })}
        />
      ) : null}
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

/** A measurement's rule: a fall between two ratios, or a unit and the minimum it is held to. */
function MeasureRuleFields({ item, set }: { item: DraftItem; set: (change: Partial<DraftItem>) => void }) {
  return (
    <>
      <Select
        label="Rule"
        value={item.ruleKind}
        onChange={(event) => set({ ruleKind: event.target.value as RuleKind })}
        options={ruleKinds.map((kind) => ({ value: kind, label: ruleKindLabels[kind] }))}
      />
      {item.ruleKind === 'fall' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Steepest 1:"
            type="number"
            inputMode="decimal"
            min={1}
            max={CHECKLIST_TEMPLATE_LIMITS.fall}
            value={item.steepest}
            onChange={(event) => set({ steepest: event.target.value })}
          />
          <TextField
            label="Flattest 1:"
            type="number"
            inputMode="decimal"
            min={1}
            max={CHECKLIST_TEMPLATE_LIMITS.fall}
            value={item.flattest}
            onChange={(event) => set({ flattest: event.target.value })}
          />
        </div>
      ) : (
        <Select
          label="Unit"
          value={item.unit}
          onChange={(event) => set({ unit: event.target.value as DraftItem['unit'] })}
          options={measureUnitsBesidesRatio.map((unit) => ({ value: unit, label: unit }))}
        />
      )}
      {item.ruleKind === 'at_least' ? (
        <TextField
          label={`Minimum (${item.unit})`}
          type="number"
          inputMode="decimal"
          min={0}
          value={item.min}
          onChange={(event) => set({ min: event.target.value })}
        />
      ) : null}
      {item.ruleKind === 'at_least_entered' ? (
        <TextField
          label="Figure entered on the job"
          value={item.referenceLabel}
          placeholder="e.g. manufacturer's minimum thickness"
          maxLength={CHECKLIST_TEMPLATE_LIMITS.label}
          onChange={(event) => set({ referenceLabel: event.target.value })}
        />
      ) : null}
    </>
  );
}
