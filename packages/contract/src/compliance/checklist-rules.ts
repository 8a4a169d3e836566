/*
 * Checklist items and the rules that judge what is recorded against them (ADR 0037). Templates
 * are data (checklist-templates.ts); these rules are the one place where an entry is judged, so
 * the server, the web form and the PDF decide alike. No zod here: pages that only show or judge
 * checklists must not pull the schemas into their script (checklist-schemas.ts has them).
 */

/** The NCC editions a wet-area checklist may be assessed under: the falls differ between them. */
export const nccEditions = ['2022', '2016'] as const;
export type NccEdition = (typeof nccEditions)[number];

/**
 * A fall written 1:N. `steepest` and `flattest` are N's limits, both allowed: 1:50 is steeper than
 * 1:80. Either may be absent (e.g. "no flatter than 1:100").
 */
export type FallLimits = { steepest?: number | undefined; flattest?: number | undefined };

/** How a measured value is judged. */
export type MeasureRule =
  /** A fall between limits; the limits may depend on the NCC edition chosen for the checklist. */
  | { kind: 'fall'; limits?: FallLimits | undefined; byEdition?: Partial<Record<NccEdition, FallLimits>> | undefined }
  /** At least a fixed minimum, e.g. a height in mm. */
  | { kind: 'at_least'; min: number }
  /** At least a figure entered on the job, e.g. the manufacturer's dry-film thickness. */
  | { kind: 'at_least_entered'; referenceLabel: string };

export const measureUnits = ['ratio', 'mm', 'µm', 'h', 'L/m²'] as const;
type MeasureUnit = (typeof measureUnits)[number];

export type ChecklistItem =
  /** A check answered yes or no; the other answer than `expected` is a warning or a fail. */
  | { kind: 'yes_no'; id: string; label: string; expected: 'yes' | 'no'; otherwise: 'warning' | 'fail' }
  | { kind: 'measure'; id: string; label: string; unit: MeasureUnit; rule: MeasureRule }
  | { kind: 'text'; id: string; label: string; required: boolean }
  /** A photo of a stage, required as evidence. */
  | { kind: 'photo'; id: string; label: string; stage: string }
  | { kind: 'date_time'; id: string; label: string };

/** A checklist template: stages of items (the built-in ones are in checklist-templates.ts). */
export type ChecklistTemplate = {
  id: string;
  name: string;
  /** The standard the checklist records compliance with, as certificates name it. */
  standard: string;
  summary: string;
  /** Whether the NCC edition is chosen when the checklist is used (its falls depend on it). */
  usesNccEdition: boolean;
  stages: Array<{ title: string; items: ChecklistItem[] }>;
};

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
