import { z } from 'zod/mini';
import { uuidSchema } from '../common/values.ts';
import {
  builtInTemplateIds,
  type CertificateChecklist,
  CHECKLIST_LIMITS,
  type ChecklistEntry,
} from './checklist-judging.ts';
import { nccEditions } from './checklist-rules.ts';

/*
 * The schemas that check the checklists a certificate request carries (ADR 0037). Every bound here
 * is the server's too. Judging and showing them is in checklist-judging.ts, which has no zod.
 */

/** What was recorded for one item; which fields count depends on the item's kind. */
const checklistEntrySchema = z.object({
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
}) satisfies z.ZodMiniType<ChecklistEntry>;

/** The most items a template has, with room: a bound on the entries a request may carry. */
const MAX_ENTRIES = 100;

/**
 * Entries by item id, checked by hand rather than with z.record: zod's core is one module, so a
 * schema kind used anywhere adds to every page's script, the public ones included (ADR 0037).
 */
function isEntries(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= MAX_ENTRIES &&
    entries.every(([itemId, entry]) => itemId.length <= 60 && checklistEntrySchema.safeParse(entry).success)
  );
}

export const certificateChecklistSchema = z.object({
  /** A built-in template, or one of the owner's custom templates (checked by the server). */
  template_id: z.union([z.enum(builtInTemplateIds), uuidSchema]),
  ncc_edition: z.enum(nccEditions),
  /** By item id; ids the template does not have are refused by the server. */
  entries: z.custom<Record<string, ChecklistEntry>>(isEntries, 'Each checklist entry must be one of its items.'),
  // No `template`: a custom template's copy is the server's to make (a sent one is dropped).
}) satisfies z.ZodMiniType<CertificateChecklist>;

export const checklistsInput = z
  .array(certificateChecklistSchema)
  .check(
    z.maxLength(
      CHECKLIST_LIMITS.perCertificate,
      `A certificate can have up to ${CHECKLIST_LIMITS.perCertificate} checklists.`,
    ),
  );
