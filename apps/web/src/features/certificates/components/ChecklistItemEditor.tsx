import {
  CHECKLIST_LIMITS,
  type ChecklistEntry,
  type ChecklistItem,
  type ItemOutcome,
  outcomeLabels,
} from '@app/contract';
import { useId } from 'react';

const outcomeStyles: Record<ItemOutcome, string> = {
  pass: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  fail: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  missing: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

/** An item's or a stage's result in words, coloured to repeat it; never broken across lines. */
export function OutcomeChip({ outcome, role }: { outcome: ItemOutcome; role?: 'status' }) {
  return (
    <span
      role={role}
      className={`shrink-0 whitespace-nowrap rounded px-2 py-0.5 text-sm font-semibold ${outcomeStyles[outcome]}`}
    >
      {outcomeLabels[outcome]}
    </span>
  );
}

export const checklistInputClasses =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900';
// The page lets words break anywhere so nothing pushes it sideways (index.css); a unit beside a
// full-width field would then shrink to a letter a line.
const unitClasses = 'shrink-0 whitespace-nowrap';

/** One item of a checklist stage, with its rule in words and its outcome as it is recorded. */
export function ItemEditor({
  item,
  entry,
  outcome,
  rule,
  onChange,
}: {
  item: ChecklistItem;
  entry: ChecklistEntry;
  outcome: ItemOutcome;
  rule: string;
  onChange: (entry: ChecklistEntry) => void;
}) {
  const baseId = useId();
  const ruleId = `${baseId}-rule`;
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  return (
    <fieldset
      aria-labelledby={`${baseId}-label`}
      className="flex min-w-0 flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium" id={`${baseId}-label`}>
          {item.label}
        </span>
        <OutcomeChip outcome={outcome} role="status" />
      </div>
      <p id={ruleId} className="text-sm text-slate-600 dark:text-slate-300">
        {rule}
      </p>
      {item.kind === 'yes_no' ? (
        <div role="radiogroup" aria-labelledby={`${baseId}-label`} aria-describedby={ruleId} className="flex gap-4">
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                className="size-5"
                name={baseId}
                checked={entry.answer === answer}
                onChange={() => onChange({ ...entry, answer })}
              />
              {answer === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      ) : null}
      {item.kind === 'measure' ? (
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2">
            <span className="sr-only">{item.label}</span>
            {item.unit === 'ratio' ? (
              <span aria-hidden="true" className={unitClasses}>
                1 :
              </span>
            ) : null}
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              aria-describedby={ruleId}
              value={entry.value ?? ''}
              onChange={(event) => onChange({ ...entry, value: number(event.target.value) })}
              className={checklistInputClasses}
            />
            {item.unit === 'ratio' ? null : <span className={unitClasses}>{item.unit}</span>}
          </label>
          {item.rule.kind === 'at_least_entered' ? (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">
                {item.rule.referenceLabel.charAt(0).toUpperCase() + item.rule.referenceLabel.slice(1)}{' '}
                <span className={unitClasses}>({item.unit})</span>
              </span>
              <input
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={entry.reference ?? ''}
                onChange={(event) => onChange({ ...entry, reference: number(event.target.value) })}
                className={checklistInputClasses}
              />
            </label>
          ) : null}
        </div>
      ) : null}
      {item.kind === 'text' ? (
        <input
          aria-labelledby={`${baseId}-label`}
          value={entry.text ?? ''}
          maxLength={CHECKLIST_LIMITS.text}
          onChange={(event) => onChange({ ...entry, text: event.target.value })}
          className={checklistInputClasses}
        />
      ) : null}
      {item.kind === 'date_time' ? (
        <input
          type="datetime-local"
          aria-labelledby={`${baseId}-label`}
          value={entry.at ?? ''}
          onChange={(event) => onChange({ ...entry, at: event.target.value || undefined })}
          className={checklistInputClasses}
        />
      ) : null}
      {item.kind === 'yes_no' || item.kind === 'measure' ? (
        <details open={Boolean(entry.note)}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm">Note</summary>
          <input
            aria-label={`Note on ${item.label}`}
            value={entry.note ?? ''}
            maxLength={CHECKLIST_LIMITS.note}
            onChange={(event) => onChange({ ...entry, note: event.target.value })}
            className={checklistInputClasses}
          />
        </details>
      ) : null}
    </fieldset>
  );
}
