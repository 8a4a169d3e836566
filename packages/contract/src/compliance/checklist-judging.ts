import type { ChecklistItem, ChecklistTemplate, ItemOutcome } from './checklist-rules.ts';
import { judgeItem } from './checklist-rules.ts';
import { builtInChecklistTemplates } from './checklist-templates.ts';

/*
 * Checklists recorded on a certificate (ADR 0037), judged and shown: every page that shows them
 * (the form, the share page) and the server and PDF use these. No zod here (ADR 0037): the
 * schemas that check them on the way in are in certificate-checklists.ts.
 */

export const CHECKLIST_LIMITS = {
  perCertificate: 5,
  /** Evidence photos an item names (photos of the certificate). */
  photosPerItem: 4,
  note: 500,
  text: 500,
} as const;

/**
 * The built-in templates' ids, written out rather than mapped from the templates: a call at module
 * level would keep the templates in every page that imports the contract (a test ties the two).
 */
export const builtInTemplateIds = ['internal-wet-area', 'external-membrane', 'flood-test'] as const;

/** What was recorded for one item (certificate-checklists.ts checks it on the way in). */
export type ChecklistEntry = {
  answer?: 'yes' | 'no' | undefined;
  /** A measured value (for a fall, N of 1:N). */
  value?: number | undefined;
  /** For a rule judged against a figure entered on the job (e.g. the manufacturer's thickness). */
  reference?: number | undefined;
  text?: string | undefined;
  /** When, as the phone's local date and time (YYYY-MM-DDTHH:MM). */
  at?: string | undefined;
  note?: string | undefined;
  /** Photos of the certificate that are this item's evidence. */
  photo_ids?: string[] | undefined;
};

/**
 * A checklist on a certificate: a template (a built-in one's id, or the uuid of one of the owner's
 * custom templates), the NCC edition it is judged under, an entry per item id. A custom template's
 * checklist carries a copy of the template as it was when saved (`template`, filled by the server),
 * so the certificate reads the same after the template changes or goes.
 */
export type CertificateChecklist = {
  template_id: string;
  ncc_edition: '2022' | '2016';
  entries: Record<string, ChecklistEntry>;
  template?: ChecklistTemplate | undefined;
};

export const checklistTemplateOf = (id: string): ChecklistTemplate | undefined =>
  builtInChecklistTemplates.find((template) => template.id === id);

/** The template a checklist is judged by: its own copy (a custom template), else the built-in one. */
export const templateOfChecklist = (checklist: CertificateChecklist): ChecklistTemplate | undefined =>
  checklist.template ?? checklistTemplateOf(checklist.template_id);

export type JudgedItem = {
  stage: string;
  item: ChecklistItem;
  entry: ChecklistEntry | undefined;
  outcome: ItemOutcome;
};

/** Every item of the checklist's template, in order, with what was recorded and how it is judged. */
export function judgeChecklist(checklist: CertificateChecklist): JudgedItem[] {
  const template = templateOfChecklist(checklist);
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
  return itemsJudged(checklists, 'fail');
}

/**
 * The items nothing was recorded for, named as checklistFailures names them: completing is not
 * stopped by them, but the form lists them first so a missed check is a choice (ADR 0067).
 */
export function checklistUnrecorded(checklists: readonly CertificateChecklist[]): string[] {
  return itemsJudged(checklists, 'missing');
}

const itemsJudged = (checklists: readonly CertificateChecklist[], outcome: ItemOutcome) =>
  checklists.flatMap((checklist) =>
    judgeChecklist(checklist)
      .filter((judged) => judged.outcome === outcome)
      .map((judged) => `${templateOfChecklist(checklist)?.name}: ${judged.item.label}`),
  );

const severity = { pass: 0, warning: 1, fail: 2 } as const;

/**
 * A folded stage's one result: the worst of what was recorded (a Fail beats a Warning beats a
 * Pass); `missing` only when nothing was.
 */
export function worstOutcome(outcomes: readonly ItemOutcome[]): ItemOutcome {
  return outcomes.reduce<ItemOutcome>(
    (worst, outcome) =>
      outcome === 'missing' ? worst : worst === 'missing' || severity[outcome] > severity[worst] ? outcome : worst,
    'missing',
  );
}

/** The ids of a template's items, to refuse entries for items it does not have. */
export const templateItemIds = (template: ChecklistTemplate) =>
  new Set(template.stages.flatMap((stage) => stage.items.map((item) => item.id)));

/** How an outcome reads on the form, the share page and the PDF. */
export const outcomeLabels = {
  pass: 'Pass',
  warning: 'Warning',
  fail: 'Fail',
  missing: 'Not recorded',
} as const satisfies Record<ItemOutcome, string>;

/** A warning or a fail: the share page and the PDF mark it in words and in colour. */
export const isFlagged = (outcome: ItemOutcome): boolean => outcome === 'warning' || outcome === 'fail';

/** What was recorded for an item, as people read it ('' when nothing was). */
export function shownEntry(item: ChecklistItem, entry: ChecklistEntry | undefined): string {
  if (!entry) return '';
  switch (item.kind) {
    case 'yes_no':
      return entry.answer === 'yes' ? 'Yes' : entry.answer === 'no' ? 'No' : '';
    case 'measure': {
      if (entry.value === undefined) return '';
      const value = item.unit === 'ratio' ? `1:${entry.value}` : `${entry.value} ${item.unit}`;
      const reference =
        item.rule.kind === 'at_least_entered' && entry.reference !== undefined
          ? ` (${item.rule.referenceLabel}: ${entry.reference} ${item.unit})`
          : '';
      return `${value}${reference}`;
    }
    case 'text':
      return entry.text ?? '';
    case 'photo': {
      const count = entry.photo_ids?.length ?? 0;
      return count === 0 ? '' : `${count} photo${count === 1 ? '' : 's'}`;
    }
    case 'date_time':
      return entry.at?.replace('T', ' ') ?? '';
  }
}

/** A checklist's title as printed, e.g. "Internal wet area (AS 3740-2021, NCC 2022)". */
export function checklistTitle(checklist: CertificateChecklist): string {
  const template = templateOfChecklist(checklist);
  if (!template) return checklist.template_id;
  // A custom template may name no standard.
  const scope = [template.standard, template.usesNccEdition && `NCC ${checklist.ncc_edition}`].filter(Boolean);
  return scope.length > 0 ? `${template.name} (${scope.join(', ')})` : template.name;
}

/** The stage each evidence photo was recorded at (where it is first named), to group photos by stage. */
export function photoStages(checklists: readonly CertificateChecklist[]): Map<string, string> {
  const stages = new Map<string, string>();
  for (const checklist of checklists)
    for (const { stage, entry } of judgeChecklist(checklist))
      for (const id of entry?.photo_ids ?? []) if (!stages.has(id)) stages.set(id, stage);
  return stages;
}
