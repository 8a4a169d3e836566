import { z } from 'zod/mini';
import { type ChecklistItem, type ChecklistTemplate, measureUnits, nccEditions } from './checklist-rules.ts';

/*
 * The zod schemas of checklist templates and their items, to check a template that is not built in
 * (and the built-in ones, in tests). Apart from checklist-rules.ts, so that pages showing or judging
 * checklists do not load zod's schemas for them.
 */

const fallLimitsSchema = z.object({
  steepest: z.optional(z.number().check(z.minimum(1))),
  flattest: z.optional(z.number().check(z.minimum(1))),
});

const measureRuleSchema = z.union([
  z.object({
    kind: z.literal('fall'),
    limits: z.optional(fallLimitsSchema),
    byEdition: z.optional(z.record(z.enum(nccEditions), fallLimitsSchema)),
  }),
  z.object({ kind: z.literal('at_least'), min: z.number() }),
  z.object({ kind: z.literal('at_least_entered'), referenceLabel: z.string() }),
]);

const checklistItemSchema = z.union([
  z.object({
    kind: z.literal('yes_no'),
    id: z.string(),
    label: z.string(),
    expected: z.enum(['yes', 'no']),
    otherwise: z.enum(['warning', 'fail']),
  }),
  z.object({
    kind: z.literal('measure'),
    id: z.string(),
    label: z.string(),
    unit: z.enum(measureUnits),
    rule: measureRuleSchema,
  }),
  z.object({ kind: z.literal('text'), id: z.string(), label: z.string(), required: z.boolean() }),
  z.object({ kind: z.literal('photo'), id: z.string(), label: z.string(), stage: z.string() }),
  z.object({ kind: z.literal('date_time'), id: z.string(), label: z.string() }),
]) satisfies z.ZodMiniType<ChecklistItem>;

export const checklistTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  standard: z.string(),
  summary: z.string(),
  usesNccEdition: z.boolean(),
  stages: z.array(z.object({ title: z.string(), items: z.array(checklistItemSchema) })),
}) satisfies z.ZodMiniType<ChecklistTemplate>;
