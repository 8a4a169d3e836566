import { z } from 'zod/mini';
import { type ChecklistItem, type ChecklistTemplate, measureUnits } from './checklist-rules.ts';

/*
 * The zod schemas of checklist templates and their items, to check a template that is not built in
 * (a custom template, custom-templates.ts; the built-in ones, in tests). Apart from
 * checklist-rules.ts, so that pages showing or judging checklists do not load zod's schemas for
 * them. Only schema kinds the app already uses (no z.record, no discriminatedUnion; ADR 0037).
 */

/** The bounds of a template: what a custom one may hold (the built-in ones are well within them). */
export const CHECKLIST_TEMPLATE_LIMITS = {
  stages: 10,
  itemsPerStage: 30,
  /** Items in all: a certificate's checklist carries at most 100 entries. */
  items: 100,
  name: 100,
  standard: 100,
  summary: 500,
  stageTitle: 100,
  label: 200,
  /** N of a fall 1:N. */
  fall: 1000,
  /** A measured minimum (mm, µm, h, L/m²). */
  minimum: 1_000_000,
} as const;

const ITEM_ID = /^[a-z0-9-]{1,60}$/;
export const checklistItemIdSchema = z
  .string()
  .check(z.regex(ITEM_ID, 'An item id is 1 to 60 lower-case letters, digits or dashes.'));

const words = (max: number, blank: string) =>
  z.string().check(z.trim(), z.minLength(1, blank), z.maxLength(max, `Keep it to ${max} characters or fewer.`));
const labelSchema = words(CHECKLIST_TEMPLATE_LIMITS.label, 'Give each item a label.');

const fallLimit = z.optional(
  z
    .number()
    .check(
      z.minimum(1, 'A fall is 1:1 or flatter.'),
      z.maximum(CHECKLIST_TEMPLATE_LIMITS.fall, `A fall is no flatter than 1:${CHECKLIST_TEMPLATE_LIMITS.fall}.`),
    ),
);
const fallLimitsSchema = z
  .object({ steepest: fallLimit, flattest: fallLimit })
  .check(
    z.refine(
      ({ steepest, flattest }) => steepest === undefined || flattest === undefined || steepest <= flattest,
      'The steepest fall (1:N) must be no flatter than the flattest: e.g. between 1:80 and 1:50, the steepest is 50.',
    ),
  );

const measureRuleSchema = z.union([
  z.object({
    kind: z.literal('fall'),
    limits: z.optional(fallLimitsSchema),
    // An object of the editions rather than z.record (ADR 0037).
    byEdition: z.optional(z.object({ '2022': z.optional(fallLimitsSchema), '2016': z.optional(fallLimitsSchema) })),
  }),
  z.object({
    kind: z.literal('at_least'),
    min: z.number().check(z.minimum(0), z.maximum(CHECKLIST_TEMPLATE_LIMITS.minimum)),
  }),
  z.object({
    kind: z.literal('at_least_entered'),
    referenceLabel: words(CHECKLIST_TEMPLATE_LIMITS.label, 'Name the figure entered on the job.'),
  }),
]);

/** The five kinds of item, with `id` as given: required in a stored template, optional in a request. */
const itemSchemaWith = <Id extends z.ZodMiniType<string | undefined>>(id: Id) =>
  z.union([
    z.object({
      kind: z.literal('yes_no'),
      id,
      label: labelSchema,
      expected: z.enum(['yes', 'no']),
      otherwise: z.enum(['warning', 'fail']),
    }),
    z.object({
      kind: z.literal('measure'),
      id,
      label: labelSchema,
      unit: z.enum(measureUnits),
      rule: measureRuleSchema,
    }),
    z.object({ kind: z.literal('text'), id, label: labelSchema, required: z.boolean() }),
    z.object({
      kind: z.literal('photo'),
      id,
      label: labelSchema,
      stage: words(CHECKLIST_TEMPLATE_LIMITS.stageTitle, 'Name the stage the photo shows.'),
    }),
    z.object({ kind: z.literal('date_time'), id, label: labelSchema }),
  ]);

export const checklistItemSchema = itemSchemaWith(checklistItemIdSchema) satisfies z.ZodMiniType<ChecklistItem>;
/** An item of a custom template as a request carries it: the server gives an item without an id one. */
export const checklistItemDraftSchema = itemSchemaWith(z.optional(checklistItemIdSchema));

const { stages: maxStages, itemsPerStage, items: maxItems } = CHECKLIST_TEMPLATE_LIMITS;

/** Stages of `item`s within the bounds, and no item id twice in the template. */
export const checklistStagesSchemaOf = <Item extends z.ZodMiniType<{ id?: string | undefined }>>(item: Item) =>
  z
    .array(
      z.object({
        title: words(CHECKLIST_TEMPLATE_LIMITS.stageTitle, 'Give each stage a title.'),
        items: z
          .array(item)
          .check(
            z.minLength(1, 'Add at least one item to each stage.'),
            z.maxLength(itemsPerStage, `A stage can have up to ${itemsPerStage} items.`),
          ),
      }),
    )
    .check(
      z.minLength(1, 'Add at least one stage.'),
      z.maxLength(maxStages, `A template can have up to ${maxStages} stages.`),
      z.refine(
        (stages) => stages.reduce((count, stage) => count + stage.items.length, 0) <= maxItems,
        `A template can have up to ${maxItems} items in all.`,
      ),
      z.refine((stages) => {
        const ids = stages.flatMap((stage) => stage.items.flatMap((entry) => (entry.id ? [entry.id] : [])));
        return new Set(ids).size === ids.length;
      }, 'Each item id can only be used once in a template.'),
    );

export const checklistTemplateSchema = z.object({
  id: z.string(),
  name: words(CHECKLIST_TEMPLATE_LIMITS.name, 'Give the template a name.'),
  standard: z.string().check(z.trim(), z.maxLength(CHECKLIST_TEMPLATE_LIMITS.standard)),
  summary: z.string().check(z.trim(), z.maxLength(CHECKLIST_TEMPLATE_LIMITS.summary)),
  usesNccEdition: z.boolean(),
  stages: checklistStagesSchemaOf(checklistItemSchema),
}) satisfies z.ZodMiniType<ChecklistTemplate>;
