import { z } from 'zod/mini';

/*
 * Checklist items and the rules that judge what is recorded against them (issue 24). Templates
 * are data (checklist-templates.ts); these rules are the one place where an entry is judged, so
 * the server, the web form and the PDF decide alike.
 */

/** The NCC editions a wet-area checklist may be assessed under: the falls differ between them. */
export const nccEditions = ['2022', '2016'] as const;
export type NccEdition = (typeof nccEditions)[number];

/**
 * A fall written 1:N. `steepest` and `flattest` are N's limits, both allowed: 1:50 is steeper than
 * 1:80. Either may be absent (e.g. "no flatter than 1:100").
 */
const fallLimitsSchema = z.object({
  steepest: z.optional(z.number().check(z.positive())),
  flattest: z.optional(z.number().check(z.positive())),
});
export type FallLimits = z.infer<typeof fallLimitsSchema>;

/** How a measured value is judged. */
export const measureRuleSchema = z.discriminatedUnion('kind', [
  /** A fall between limits; the limits may depend on the NCC edition chosen for the checklist. */
  z.object({
    kind: z.literal('fall'),
    limits: z.optional(fallLimitsSchema),
    byEdition: z.optional(z.record(z.enum(nccEditions), fallLimitsSchema)),
  }),
  /** At least a fixed minimum, e.g. a height in mm. */
  z.object({ kind: z.literal('at_least'), min: z.number() }),
  /** At least a figure entered on the job, e.g. the manufacturer's dry-film thickness. */
  z.object({ kind: z.literal('at_least_entered'), referenceLabel: z.string() }),
]);
export type MeasureRule = z.infer<typeof measureRuleSchema>;

export const measureUnits = ['ratio', 'mm', 'µm', 'h', 'L/m²'] as const;

export const checklistItemSchema = z.discriminatedUnion('kind', [
  /** A check answered yes or no; the other answer than `expected` is a warning or a fail. */
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
  /** A photo of a stage, required as evidence. */
  z.object({ kind: z.literal('photo'), id: z.string(), label: z.string(), stage: z.string() }),
  z.object({ kind: z.literal('date_time'), id: z.string(), label: z.string() }),
]);
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** What was recorded for an item on the job (the form's and the API's shape). */
export type ItemEntry = {
  answer?: 'yes' | 'no' | undefined;
  /** A measure: for a fall, N of 1:N. */
  value?: number | undefined;
  /** For `at_least_entered`: the figure entered on the job. */
  reference?: number | undefined;
  text?: string | undefined;
  /** ISO date and time. */
  at?: string | undefined;
  photoCount?: number | undefined;
};

export type ItemOutcome = 'pass' | 'warning' | 'fail' | 'missing';

/** The limits a fall rule sets under `edition` (a rule without editions has one set of limits). */
export function fallLimitsFor(rule: Extract<MeasureRule, { kind: 'fall' }>, edition: NccEdition): FallLimits {
  return rule.byEdition?.[edition] ?? rule.limits ?? {};
}

const withinFall = (n: number, { steepest, flattest }: FallLimits) =>
  (steepest === undefined || n >= steepest) && (flattest === undefined || n <= flattest);

/** Judges what was recorded for `item`: nothing yet is `missing`; a measure outside its rule is a warning. */
export function judgeItem(item: ChecklistItem, entry: ItemEntry | undefined, edition: NccEdition): ItemOutcome {
  switch (item.kind) {
    case 'yes_no':
      if (!entry?.answer) return 'missing';
      return entry.answer === item.expected ? 'pass' : item.otherwise;
    case 'measure': {
      const value = entry?.value;
      if (value === undefined || !Number.isFinite(value)) return 'missing';
      const { rule } = item;
      if (rule.kind === 'fall') return withinFall(value, fallLimitsFor(rule, edition)) ? 'pass' : 'warning';
      if (rule.kind === 'at_least') return value >= rule.min ? 'pass' : 'warning';
      const reference = entry?.reference;
      if (reference === undefined || !Number.isFinite(reference)) return 'missing';
      return value >= reference ? 'pass' : 'warning';
    }
    case 'text':
      return entry?.text?.trim() ? 'pass' : item.required ? 'missing' : 'pass';
    case 'photo':
      return (entry?.photoCount ?? 0) > 0 ? 'pass' : 'missing';
    case 'date_time':
      return entry?.at ? 'pass' : 'missing';
  }
}

const unitSuffix = (unit: (typeof measureUnits)[number]) => (unit === 'ratio' ? '' : ` ${unit}`);

/** The rule in words, as the form, the share page and the PDF print it. */
export function describeRule(item: ChecklistItem, edition: NccEdition): string {
  switch (item.kind) {
    case 'yes_no':
      return `Expected: ${item.expected === 'yes' ? 'Yes' : 'No'}`;
    case 'measure': {
      const { rule } = item;
      if (rule.kind === 'at_least') return `At least ${rule.min}${unitSuffix(item.unit)}`;
      if (rule.kind === 'at_least_entered') return `At least the ${rule.referenceLabel}`;
      const { steepest, flattest } = fallLimitsFor(rule, edition);
      const scope = rule.byEdition ? ` (NCC ${edition})` : '';
      if (steepest !== undefined && flattest !== undefined) {
        return `Between 1:${flattest} and 1:${steepest}${scope}`;
      }
      if (flattest !== undefined) return `No flatter than 1:${flattest}${scope}`;
      if (steepest !== undefined) return `No steeper than 1:${steepest}${scope}`;
      return 'Any fall';
    }
    case 'text':
      return item.required ? 'Required' : 'Optional';
    case 'photo':
      return `Photo of the ${item.stage} stage`;
    case 'date_time':
      return 'Date and time';
  }
}
