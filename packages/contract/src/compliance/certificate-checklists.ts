import { z } from 'zod/mini';
import { uuidSchema } from '../common/values.ts';
import { type ChecklistItem, type ItemOutcome, judgeItem, nccEditions } from './checklist-rules.ts';
import { builtInChecklistTemplates, type ChecklistTemplate } from './checklist-templates.ts';

/*
 * Checklists recorded on a certificate (issue 24): a built-in template, the NCC edition it is
 * judged under, and an entry per item. They are part of the certificate's content, so of its
 * issued versions and its fingerprint. Every bound here is the server's too.
 */

export const CHECKLIST_LIMITS = {
  perCertificate: 5,
  /** Evidence photos an item names (photos of the certificate). */
  photosPerItem: 4,
  note: 500,
  text: 500,
} as const;

const templateIds = builtInChecklistTemplates.map((template) => template.id) as [string, ...string[]];

/** What was recorded for one item; which fields count depends on the item's kind. */
export const checklistEntrySchema = z.object({
  answer: z.optional(z.enum(['yes', 'no'])),
  /** A measured value (for a fall, N of 1:N); a finite number within sane bounds. */
  value: z.optional(z.number().check(z.minimum(0), z.maximum(1_000_000))),
  /** For a rule judged against a figure entered on the job (e.g. the manufacturer's thickness). */
  reference: z.optional(z.number().check(z.minimum(0), z.maximum(1_000_000))),
  text: z.optional(z.string().check(z.trim(), z.maxLength(CHECKLIST_LIMITS.text))),
  /** When, as the phone's local date and time (YYYY-MM-DDTHH:MM). */
  at: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time.'))),
  note: z.optional(z.string().check(z.trim(), z.maxLength(CHECKLIST_LIMITS.note))),
  /** Photos of the certificate that are this item's evidence. */
  photo_ids: z.optional(z.array(uuidSchema).check(z.maxLength(CHECKLIST_LIMITS.photosPerItem))),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

export const certificateChecklistSchema = z.object({
  template_id: z.enum(templateIds),
  ncc_edition: z.enum(nccEditions),
  /** By item id; ids the template does not have are refused by the server. */
  entries: z.record(z.string().check(z.maxLength(60)), checklistEntrySchema),
});
export type CertificateChecklist = z.infer<typeof certificateChecklistSchema>;

export const checklistsInput = z
  .array(certificateChecklistSchema)
  .check(
    z.maxLength(
      CHECKLIST_LIMITS.perCertificate,
      `A certificate can have up to ${CHECKLIST_LIMITS.perCertificate} checklists.`,
    ),
  );

export const checklistTemplateOf = (id: string): ChecklistTemplate | undefined =>
  builtInChecklistTemplates.find((template) => template.id === id);

export type JudgedItem = {
  stage: string;
  item: ChecklistItem;
  entry: ChecklistEntry | undefined;
  outcome: ItemOutcome;
};

/** Every item of the checklist's template, in order, with what was recorded and how it is judged. */
export function judgeChecklist(checklist: CertificateChecklist): JudgedItem[] {
  const template = checklistTemplateOf(checklist.template_id);
  if (!template) return [];
  return template.stages.flatMap((stage) =>
    stage.items.map((item) => {
      const entry = checklist.entries[item.id];
      const judged = { ...entry, photoCount: entry?.photo_ids?.length ?? 0 };
      return { stage: stage.title, item, entry, outcome: judgeItem(item, judged, checklist.ncc_edition) };
    }),
  );
}

/**
 * Why the checklists stop the certificate from being completed, by item: an item that failed (a
 * flood test that leaked cannot be certified as passed). Warnings and items not recorded do not
 * stop it: they are printed as they are.
 */
export function checklistFailures(checklists: readonly CertificateChecklist[]): string[] {
  return checklists.flatMap((checklist) =>
    judgeChecklist(checklist)
      .filter((judged) => judged.outcome === 'fail')
      .map((judged) => `${checklistTemplateOf(checklist.template_id)?.name}: ${judged.item.label}`),
  );
}

/** The ids of a template's items, to refuse entries for items it does not have. */
export const templateItemIds = (template: ChecklistTemplate) =>
  new Set(template.stages.flatMap((stage) => stage.items.map((item) => item.id)));
