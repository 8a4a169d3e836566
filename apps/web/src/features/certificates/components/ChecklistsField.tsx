import {
  builtInChecklistTemplates,
  builtInTemplateIds,
  type CertificateChecklist,
  CHECKLIST_LIMITS,
  type ChecklistEntry,
  type ChecklistItem,
  checklistTemplateFromCustom,
  checklistTitle,
  describeRule,
  type ItemOutcome,
  judgeChecklist,
  outcomeLabels,
  templateOfChecklist,
} from '@app/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { NccEditionSelect } from '../../../components/ui/NccEditionSelect.tsx';
import { useChecklistTemplates } from '../../../lib/checklist-templates.ts';
import { useProfile, useProfileQuery } from '../../../lib/profile/get-profile.ts';
import type { PhotoValue } from '../certificate-form.ts';

/** The checklists without `fileId` among their evidence (the photo left the certificate). */
export function withoutPhoto(checklists: CertificateChecklist[], fileId: string): CertificateChecklist[] {
  return checklists.map((checklist) => ({
    ...checklist,
    entries: Object.fromEntries(
      Object.entries(checklist.entries).map(([itemId, entry]) => [
        itemId,
        entry.photo_ids ? { ...entry, photo_ids: entry.photo_ids.filter((id) => id !== fileId) } : entry,
      ]),
    ),
  }));
}

const outcomeStyles: Record<ItemOutcome, string> = {
  pass: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  fail: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  missing: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

const inputClasses =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900';

/**
 * The checklists recorded on the certificate (issue 24): add one from a built-in template, then
 * record each item, one hand at 375 px. Each item says at once whether it passes, warns or fails,
 * by the same rules the server and the PDF use.
 */
export function ChecklistsField({
  id,
  checklists,
  photos,
  onChange,
  error,
}: {
  id: string;
  checklists: CertificateChecklist[];
  /** The certificate's photos: an item's evidence is chosen from them. */
  photos: readonly PhotoValue[];
  onChange: (checklists: CertificateChecklist[]) => void;
  error?: string | undefined;
}) {
  const [adding, setAdding] = useState<string>(builtInTemplateIds[0]);
  const pickerId = useId();
  // Premium users' own templates (ADR 0038), offered after the built-in ones.
  const userId = useProfileQuery().user?.id ?? '';
  const premium = useProfile()?.subscription_tier === 'premium';
  const custom = (useChecklistTemplates(userId, premium).data ?? []).map(checklistTemplateFromCustom);
  const customOf = (id: string) => custom.find((template) => template.id === id);
  // A checklist restored from typing kept on the phone has lost its template's copy: the list has it.
  const shown = checklists.map((checklist) =>
    templateOfChecklist(checklist) ? checklist : { ...checklist, template: customOf(checklist.template_id) },
  );
  const full = checklists.length >= CHECKLIST_LIMITS.perCertificate;
  const replace = (index: number, checklist: CertificateChecklist | null) =>
    onChange(checklist ? shown.map((c, i) => (i === index ? checklist : c)) : shown.filter((_, i) => i !== index));
  const builtInOptions = builtInChecklistTemplates.map((template) => (
    <option key={template.id} value={template.id}>
      {template.name} ({template.standard})
    </option>
  ));

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Checklists
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Record the checks made at each stage, with photos as evidence. A warning does not stop you completing the
        certificate: it is printed on it.
      </p>
      {error ? (
        <p id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {shown.map((checklist, index) => (
        <ChecklistEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: a checklist has no id of its own; its place is its identity here.
          key={`${checklist.template_id}-${index}`}
          checklist={checklist}
          photos={photos}
          onChange={(next) => replace(index, next)}
          onRemove={() => replace(index, null)}
        />
      ))}
      {full ? (
        <p className="text-sm">A certificate can have up to {CHECKLIST_LIMITS.perCertificate} checklists.</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={pickerId} className="text-sm font-medium">
              Checklist to add
            </label>
            <select
              id={pickerId}
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              className={inputClasses}
            >
              {custom.length === 0 ? (
                builtInOptions
              ) : (
                <>
                  <optgroup label="Built-in templates">{builtInOptions}</optgroup>
                  <optgroup label="Your templates">
                    {custom.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.standard ? `${template.name} (${template.standard})` : template.name}
                      </option>
                    ))}
                  </optgroup>
                </>
              )}
            </select>
          </div>
          <Button
            variant="secondary"
            onClick={() => {
              const template = customOf(adding);
              onChange([
                ...shown,
                { template_id: adding, ncc_edition: '2022', entries: {}, ...(template && { template }) },
              ]);
            }}
          >
            Add checklist
          </Button>
        </div>
      )}
    </section>
  );
}

function ChecklistEditor({
  checklist,
  photos,
  onChange,
  onRemove,
}: {
  checklist: CertificateChecklist;
  photos: readonly PhotoValue[];
  onChange: (checklist: CertificateChecklist) => void;
  onRemove: () => void;
}) {
  const template = templateOfChecklist(checklist);
  if (!template) return null;
  const judged = judgeChecklist(checklist);
  const setEntry = (itemId: string, entry: ChecklistEntry) =>
    onChange({ ...checklist, entries: { ...checklist.entries, [itemId]: entry } });
  const title = checklistTitle(checklist);
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 font-semibold">{title}</legend>
      {template.usesNccEdition ? (
        <NccEditionSelect
          value={checklist.ncc_edition}
          onChange={(ncc_edition) => onChange({ ...checklist, ncc_edition })}
        />
      ) : null}
      {template.stages.map((stage) => (
        <div key={stage.title} className="flex flex-col gap-3">
          <h3 className="font-medium">{stage.title}</h3>
          {judged
            .filter((entry) => entry.stage === stage.title)
            .map(({ item, entry, outcome }) => (
              <ItemEditor
                key={item.id}
                item={item}
                entry={entry ?? {}}
                outcome={outcome}
                rule={describeRule(item, checklist.ncc_edition)}
                photos={photos}
                onChange={(next) => setEntry(item.id, next)}
              />
            ))}
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove checklist: ${title}`}>
          Remove checklist
        </Button>
      </div>
    </fieldset>
  );
}

function ItemEditor({
  item,
  entry,
  outcome,
  rule,
  photos,
  onChange,
}: {
  item: ChecklistItem;
  entry: ChecklistEntry;
  outcome: ItemOutcome;
  rule: string;
  photos: readonly PhotoValue[];
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
        <span role="status" className={`shrink-0 rounded px-2 py-0.5 text-sm font-semibold ${outcomeStyles[outcome]}`}>
          {outcomeLabels[outcome]}
        </span>
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
            {item.unit === 'ratio' ? <span aria-hidden="true">1 :</span> : null}
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              aria-describedby={ruleId}
              value={entry.value ?? ''}
              onChange={(event) => onChange({ ...entry, value: number(event.target.value) })}
              className={inputClasses}
            />
            {item.unit === 'ratio' ? null : <span>{item.unit}</span>}
          </label>
          {item.rule.kind === 'at_least_entered' ? (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">
                {item.rule.referenceLabel.charAt(0).toUpperCase() + item.rule.referenceLabel.slice(1)} ({item.unit})
              </span>
              <input
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={entry.reference ?? ''}
                onChange={(event) => onChange({ ...entry, reference: number(event.target.value) })}
                className={inputClasses}
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
          className={inputClasses}
        />
      ) : null}
      {item.kind === 'date_time' ? (
        <input
          type="datetime-local"
          aria-labelledby={`${baseId}-label`}
          value={entry.at ?? ''}
          onChange={(event) => onChange({ ...entry, at: event.target.value || undefined })}
          className={inputClasses}
        />
      ) : null}
      {item.kind === 'photo' ? (
        photos.length === 0 ? (
          <p className="text-sm">Add the photo under Photos below, then tick it here as this stage's evidence.</p>
        ) : (
          <div className="flex flex-col">
            {photos.map((photo, index) => {
              const chosen = entry.photo_ids?.includes(photo.fileId) ?? false;
              const others = (entry.photo_ids ?? []).filter((id) => id !== photo.fileId);
              return (
                <Checkbox
                  key={photo.fileId}
                  label={`Photo ${index + 1}${photo.caption ? `: ${photo.caption}` : ''}`}
                  checked={chosen}
                  onChange={(checked) =>
                    onChange({
                      ...entry,
                      photo_ids: checked ? [...others, photo.fileId].slice(0, CHECKLIST_LIMITS.photosPerItem) : others,
                    })
                  }
                />
              );
            })}
          </div>
        )
      ) : null}
      {item.kind === 'yes_no' || item.kind === 'measure' ? (
        <details open={Boolean(entry.note)}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm">Note</summary>
          <input
            aria-label={`Note on ${item.label}`}
            value={entry.note ?? ''}
            maxLength={CHECKLIST_LIMITS.note}
            onChange={(event) => onChange({ ...entry, note: event.target.value })}
            className={inputClasses}
          />
        </details>
      ) : null}
    </fieldset>
  );
}
