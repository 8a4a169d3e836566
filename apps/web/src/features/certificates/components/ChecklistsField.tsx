import {
  builtInChecklistTemplates,
  builtInTemplateIds,
  type CertificateChecklist,
  CHECKLIST_LIMITS,
  checklistTemplateFromCustom,
  checklistTitle,
  judgeChecklist,
  templateOfChecklist,
} from '@app/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { NccEditionSelect } from '../../../components/ui/NccEditionSelect.tsx';
import { useChecklistTemplates } from '../../../lib/checklist-templates.ts';
import { useProfile, useProfileQuery } from '../../../lib/profile/get-profile.ts';
import type { PhotoValue } from '../certificate-form.ts';
import { checklistInputClasses } from './ChecklistItemEditor.tsx';
import { ChecklistStage } from './ChecklistStage.tsx';

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

/**
 * The checklists recorded on the certificate (ADR 0039): add one from a built-in template, then
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
              className={checklistInputClasses}
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
  const judged = judgeChecklist(checklist);
  // One stage open at a time, starting at the first with something still to record (ADR 0067).
  const [openStage, setOpenStage] = useState<string | null>(
    () => judged.find((judgedItem) => judgedItem.outcome === 'missing')?.stage ?? null,
  );
  if (!template) return null;
  const title = checklistTitle(checklist);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 font-semibold">{title}</legend>
      {template.usesNccEdition ? (
        <NccEditionSelect
          value={checklist.ncc_edition}
          onChange={(ncc_edition) => onChange({ ...checklist, ncc_edition })}
        />
      ) : null}
      {template.stages.map((stage) => (
        <ChecklistStage
          key={stage.title}
          title={stage.title}
          judged={judged.filter((judgedItem) => judgedItem.stage === stage.title)}
          edition={checklist.ncc_edition}
          photos={photos}
          open={openStage === stage.title}
          onToggle={() => setOpenStage(openStage === stage.title ? null : stage.title)}
          onEntries={(entries) => onChange({ ...checklist, entries: { ...checklist.entries, ...entries } })}
        />
      ))}
      <div>
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove checklist: ${title}`}>
          Remove checklist
        </Button>
      </div>
    </fieldset>
  );
}
