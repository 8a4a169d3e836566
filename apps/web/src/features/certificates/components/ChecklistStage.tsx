import {
  CHECKLIST_LIMITS,
  type ChecklistEntry,
  describeRule,
  type JudgedItem,
  type NccEdition,
  worstOutcome,
} from '@app/contract';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useEffect, useId, useRef } from 'react';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import type { PhotoValue } from '../certificate-form.ts';
import { checklistInputClasses, ItemEditor, OutcomeChip } from './ChecklistItemEditor.tsx';

type EntriesChange = (entries: Record<string, ChecklistEntry>) => void;

/**
 * One stage of a checklist, folded to a line that says how much of it is recorded and its worst
 * result, so a long checklist fits a phone (ADR 0067). Open, it shows its items, then the photos
 * that are its evidence, chosen once for the whole stage.
 */
export function ChecklistStage({
  title,
  judged,
  edition,
  photos,
  open,
  onToggle,
  onEntries,
}: {
  title: string;
  /** The stage's items, judged. */
  judged: readonly JudgedItem[];
  edition: NccEdition;
  photos: readonly PhotoValue[];
  open: boolean;
  onToggle: () => void;
  onEntries: EntriesChange;
}) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  // Opening a stage folds the one above it, which pulls this one up the page, maybe out of sight:
  // keep its heading on screen.
  useEffect(() => {
    if (open && !wasOpen.current) button.current?.scrollIntoView({ block: 'nearest' });
    wasOpen.current = open;
  }, [open]);
  const outcomes = judged.map((judgedItem) => judgedItem.outcome);
  const recorded = outcomes.filter((outcome) => outcome !== 'missing').length;
  const worst = worstOutcome(outcomes);
  const evidence = judged.filter((judgedItem) => judgedItem.item.kind === 'photo');
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-1 dark:border-slate-700">
      <h3>
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-11 w-full items-center gap-2 rounded-control py-1 text-left"
        >
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="font-medium">{title}</span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <span className="whitespace-nowrap">
                {recorded} of {outcomes.length} recorded
              </span>
              {worst === 'missing' ? null : <OutcomeChip outcome={worst} />}
            </span>
          </span>
          <ChevronDown aria-hidden="true" className={`size-5 shrink-0 ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="flex flex-col gap-3">
        {judged
          .filter((judgedItem) => judgedItem.item.kind !== 'photo')
          .map(({ item, entry, outcome }) => (
            <ItemEditor
              key={item.id}
              item={item}
              entry={entry ?? {}}
              outcome={outcome}
              rule={describeRule(item, edition)}
              onChange={(next) => onEntries({ [item.id]: next })}
            />
          ))}
        {evidence.length > 0 ? (
          <StageEvidence title={title} evidence={evidence} photos={photos} onEntries={onEntries} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * The stage's photo evidence: each of the certificate's photos listed once. With one photo item the
 * photo is ticked; with more (a first and a second coat) it is given to one of them.
 */
function StageEvidence({
  title,
  evidence,
  photos,
  onEntries,
}: {
  title: string;
  evidence: readonly JudgedItem[];
  photos: readonly PhotoValue[];
  onEntries: EntriesChange;
}) {
  const idsOf = (judgedItem: JudgedItem) => judgedItem.entry?.photo_ids ?? [];
  /** Gives `fileId` to the item `itemId` (none: to no item), taking it from the stage's others. */
  const give = (fileId: string, itemId: string | null) =>
    onEntries(
      Object.fromEntries(
        evidence
          .filter((judgedItem) => judgedItem.item.id === itemId || idsOf(judgedItem).includes(fileId))
          .map((judgedItem) => {
            const others = idsOf(judgedItem).filter((id) => id !== fileId);
            const photoIds =
              judgedItem.item.id === itemId ? [...others, fileId].slice(0, CHECKLIST_LIMITS.photosPerItem) : others;
            return [judgedItem.item.id, { ...judgedItem.entry, photo_ids: photoIds }];
          }),
      ),
    );
  const single = evidence.length === 1 ? evidence[0] : undefined;
  return (
    <fieldset
      aria-label={`Photo evidence: ${title}`}
      className="flex min-w-0 flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
    >
      <span className="font-medium">Photo evidence</span>
      <ul className="flex flex-col gap-1">
        {evidence.map(({ item, outcome }) => (
          <li key={item.id} className="flex items-start justify-between gap-2 text-sm">
            <span>{item.label}</span>
            <OutcomeChip outcome={outcome} role="status" />
          </li>
        ))}
      </ul>
      {photos.length === 0 ? (
        <p className="text-sm">Add photos under Photos below, then choose this stage's evidence here.</p>
      ) : null}
      {photos.map((photo, index) => {
        const label = `Photo ${index + 1}${photo.caption ? `: ${photo.caption}` : ''}`;
        const holder = evidence.find((judgedItem) => idsOf(judgedItem).includes(photo.fileId));
        if (single) {
          return (
            <Checkbox
              key={photo.fileId}
              label={label}
              checked={holder !== undefined}
              onChange={(checked) => give(photo.fileId, checked ? single.item.id : null)}
            />
          );
        }
        return (
          <label key={photo.fileId} className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{label}</span>
            <select
              value={holder?.item.id ?? ''}
              onChange={(event) => give(photo.fileId, event.target.value || null)}
              className={checklistInputClasses}
            >
              <option value="">Not evidence</option>
              {evidence.map(({ item }) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </fieldset>
  );
}
