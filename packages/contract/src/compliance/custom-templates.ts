import { z } from 'zod/mini';
import type { ChecklistTemplate } from './checklist-rules.ts';
import {
  CHECKLIST_TEMPLATE_LIMITS,
  checklistItemDraftSchema,
  checklistItemSchema,
  checklistStagesSchemaOf,
} from './checklist-schemas.ts';

/*
 * Custom checklist templates (ADR 0038, Premium): a user's own checklist, built from the same item
 * kinds as the built-in ones, kept on the account and used on certificates like them. Imported by
 * the /compliance page, the certificate form's template list and the server; never by a page that
 * only shows checklists (a certificate carries a snapshot of its custom template, ADR 0038).
 */

/** The most custom templates one business keeps (ADR 0077). */
export const CUSTOM_TEMPLATES_PER_BUSINESS = 50;

export const customTemplateMessages = {
  notFound: 'Checklist template not found',
  /** In the words of the other Premium features' messages (PRODUCT.md, Plans). */
  premium:
    'Premium Feature: Custom checklist templates require a premium subscription. Please upgrade to access this feature.',
  limit: `You can keep up to ${CUSTOM_TEMPLATES_PER_BUSINESS} checklist templates. Delete one you no longer use to add another.`,
  /** A certificate naming a template that is not one of the owner's (deleted, or never theirs). */
  unknownOnCertificate:
    'A checklist’s template was not found: it may have been deleted. Remove that checklist or choose another template, then save.',
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Keep it to ${max} characters or fewer.`));

/** What a create or an update sends: the whole template. Items left without an id get one from the server. */
export const customTemplateRequestSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the template a name.'),
      z.maxLength(
        CHECKLIST_TEMPLATE_LIMITS.name,
        `Keep the name to ${CHECKLIST_TEMPLATE_LIMITS.name} characters or fewer.`,
      ),
    ),
  /** What it records compliance with, in the user's words, e.g. "Company procedure". */
  standard: z._default(text(CHECKLIST_TEMPLATE_LIMITS.standard), ''),
  summary: z._default(text(CHECKLIST_TEMPLATE_LIMITS.summary), ''),
  /** Whether the NCC edition is chosen when the checklist is used. */
  uses_ncc_edition: z._default(z.boolean(), false),
  stages: checklistStagesSchemaOf(checklistItemDraftSchema),
});
export type CustomTemplateRequest = z.input<typeof customTemplateRequestSchema>;
export type CustomTemplateDraftItem = z.output<typeof checklistItemDraftSchema>;

export const customTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  standard: z.string(),
  summary: z.string(),
  uses_ncc_edition: z.boolean(),
  stages: z.array(z.object({ title: z.string(), items: z.array(checklistItemSchema) })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomTemplate = z.output<typeof customTemplateSchema>;

export const customTemplateListSchema = z.object({ templates: z.array(customTemplateSchema) });

/** A custom template as the checklist rules read it (and as a certificate keeps its snapshot). */
export const checklistTemplateFromCustom = (template: CustomTemplate): ChecklistTemplate => ({
  id: template.id,
  name: template.name,
  standard: template.standard,
  summary: template.summary,
  usesNccEdition: template.uses_ncc_edition,
  stages: template.stages,
});
