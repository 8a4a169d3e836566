import {
  type ChecklistItem,
  type CustomTemplate,
  type CustomTemplateDraftItem,
  type CustomTemplateRequest,
  customTemplateRequestSchema,
  type MeasureRule,
  measureUnits,
} from '@app/contract';

/*
 * The template builder's state (ADR 0038): what is typed, as typed (numbers as text), turned into
 * the request on save. Items keep the id the server gave them, so certificates that recorded them
 * still match after an edit.
 */

export const itemKinds = ['yes_no', 'measure', 'text', 'photo', 'date_time'] as const;
export type ItemKind = (typeof itemKinds)[number];
export const itemKindLabels: Record<ItemKind, string> = {
  yes_no: 'Yes or no',
  measure: 'Measured value',
  text: 'Text',
  photo: 'Stage photo',
  date_time: 'Date and time',
};

export const ruleKinds = ['fall', 'at_least', 'at_least_entered'] as const;
export type RuleKind = (typeof ruleKinds)[number];
export const ruleKindLabels: Record<RuleKind, string> = {
  fall: 'A fall (1:N) between limits',
  at_least: 'At least a minimum',
  at_least_entered: 'At least a figure entered on the job',
};

/** The units of a measure that is not a fall (a fall is a ratio). */
export const measureUnitsBesidesRatio = measureUnits.filter((unit) => unit !== 'ratio');
type UnitBesidesRatio = (typeof measureUnitsBesidesRatio)[number];

export type DraftItem = {
  /** React's key: stable while items move. */
  key: string;
  /** The id the server gave it (undefined for a new item). */
  id?: string | undefined;
  kind: ItemKind;
  label: string;
  expected: 'yes' | 'no';
  otherwise: 'warning' | 'fail';
  unit: UnitBesidesRatio;
  ruleKind: RuleKind;
  steepest: string;
  flattest: string;
  min: string;
  referenceLabel: string;
  required: boolean;
  stage: string;
};
export type DraftStage = { key: string; title: string; items: DraftItem[] };
export type TemplateDraft = {
  name: string;
  standard: string;
  summary: string;
  usesNccEdition: boolean;
  stages: DraftStage[];
};

let keys = 0;
const nextKey = () => `k${++keys}`;

export function newItem(kind: ItemKind = 'yes_no', stageTitle = ''): DraftItem {
  return {
    key: nextKey(),
    kind,
    label: '',
    expected: 'yes',
    otherwise: 'warning',
    unit: 'mm',
    ruleKind: 'fall',
    steepest: '',
    flattest: '',
    min: '',
    referenceLabel: '',
    required: true,
    stage: stageTitle.toLowerCase(),
  };
}

export const newStage = (title = ''): DraftStage => ({ key: nextKey(), title, items: [newItem()] });

export const emptyDraft = (): TemplateDraft => ({
  name: '',
  standard: '',
  summary: '',
  usesNccEdition: false,
  stages: [newStage()],
});

const text = (value: number | undefined) => (value === undefined ? '' : String(value));
const number = (value: string) => (value.trim() === '' ? undefined : Number(value));

function draftItemOf(item: ChecklistItem): DraftItem {
  const draft: DraftItem = { ...newItem(item.kind), id: item.id, label: item.label };
  switch (item.kind) {
    case 'yes_no':
      return { ...draft, expected: item.expected, otherwise: item.otherwise };
    case 'text':
      return { ...draft, required: item.required };
    case 'photo':
      return { ...draft, stage: item.stage };
    case 'date_time':
      return draft;
    case 'measure': {
      const unit = item.unit === 'ratio' ? 'mm' : item.unit;
      const { rule } = item;
      if (rule.kind === 'at_least') return { ...draft, unit, ruleKind: 'at_least', min: text(rule.min) };
      if (rule.kind === 'at_least_entered') {
        return { ...draft, unit, ruleKind: 'at_least_entered', referenceLabel: rule.referenceLabel };
      }
      const limits = rule.limits ?? rule.byEdition?.['2022'] ?? {};
      return { ...draft, unit, ruleKind: 'fall', steepest: text(limits.steepest), flattest: text(limits.flattest) };
    }
  }
}

/** The builder's state for editing a saved template. */
export const draftOf = (template: CustomTemplate): TemplateDraft => ({
  name: template.name,
  standard: template.standard,
  summary: template.summary,
  usesNccEdition: template.uses_ncc_edition,
  stages: template.stages.map((stage) => ({
    key: nextKey(),
    title: stage.title,
    items: stage.items.map(draftItemOf),
  })),
});

function ruleOf(item: DraftItem): MeasureRule {
  if (item.ruleKind === 'at_least') return { kind: 'at_least', min: number(item.min) ?? Number.NaN };
  if (item.ruleKind === 'at_least_entered') return { kind: 'at_least_entered', referenceLabel: item.referenceLabel };
  return { kind: 'fall', limits: { steepest: number(item.steepest), flattest: number(item.flattest) } };
}

function requestItemOf(item: DraftItem): CustomTemplateDraftItem {
  const { id, label } = item;
  switch (item.kind) {
    case 'yes_no':
      return { kind: 'yes_no', id, label, expected: item.expected, otherwise: item.otherwise };
    case 'measure': {
      const rule = ruleOf(item);
      return { kind: 'measure', id, label, unit: rule.kind === 'fall' ? 'ratio' : item.unit, rule };
    }
    case 'text':
      return { kind: 'text', id, label, required: item.required };
    case 'photo':
      return { kind: 'photo', id, label, stage: item.stage };
    case 'date_time':
      return { kind: 'date_time', id, label };
  }
}

/** The request the draft makes (numbers left blank are left out). */
export const requestOf = (draft: TemplateDraft): CustomTemplateRequest =>
  JSON.parse(
    JSON.stringify({
      name: draft.name,
      standard: draft.standard,
      summary: draft.summary,
      uses_ncc_edition: draft.usesNccEdition,
      stages: draft.stages.map((stage) => ({ title: stage.title, items: stage.items.map(requestItemOf) })),
    }),
  );

/**
 * What stops the draft being saved, each saying where and what to do ('Stage 2, item 1: Give each
 * item a label.'); none when it can be sent.
 */
export function draftProblems(draft: TemplateDraft): string[] {
  const minimums = draft.stages.flatMap((stage, stageIndex) =>
    stage.items.flatMap((item, itemIndex) =>
      item.kind === 'measure' && item.ruleKind === 'at_least' && !Number.isFinite(number(item.min))
        ? [`Stage ${stageIndex + 1}, item ${itemIndex + 1}: Enter the minimum as a number, e.g. 150.`]
        : [],
    ),
  );
  if (minimums.length > 0) return minimums;
  const request = requestOf(draft);
  const result = customTemplateRequestSchema.safeParse(request);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const [field, stage, , item] = issue.path;
    const where =
      field === 'stages' && typeof stage === 'number'
        ? `Stage ${stage + 1}${typeof item === 'number' ? `, item ${item + 1}` : ''}: `
        : field === 'name'
          ? 'Name: '
          : '';
    const message = issue.code === 'invalid_union' ? 'Fill in each field of the item.' : issue.message;
    return `${where}${message}`;
  });
}

/** Moves the entry at `index` by `step` (−1 up, +1 down); the list as it was at an end. */
export function movedInList<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
