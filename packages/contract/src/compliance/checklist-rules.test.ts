import { describe, expect, it } from 'vitest';
import { builtInTemplateIds } from './checklist-judging.ts';
import { type ChecklistItem, describeRule, judgeItem } from './checklist-rules.ts';
import { checklistTemplateSchema } from './checklist-schemas.ts';
import { builtInChecklistTemplates } from './checklist-templates.ts';

const itemOf = (templateId: string, itemId: string): ChecklistItem => {
  const template = builtInChecklistTemplates.find((candidate) => candidate.id === templateId);
  const item = template?.stages.flatMap((stage) => stage.items).find((candidate) => candidate.id === itemId);
  if (!item) throw new Error(`${templateId}/${itemId} is not a built-in item`);
  return item;
};

const showerFall = itemOf('internal-wet-area', 'shower-fall');
const judgeFall = (n: number, edition: '2022' | '2016') => judgeItem(showerFall, { value: n }, edition);

describe('a shower fall', () => {
  it('under NCC 2022 passes from 1:50 to 1:80, both included, and warns beyond', () => {
    expect([49, 50, 79, 80, 81, 90].map((n) => [n, judgeFall(n, '2022')])).toEqual([
      [49, 'warning'],
      [50, 'pass'],
      [79, 'pass'],
      [80, 'pass'],
      [81, 'warning'],
      [90, 'warning'],
    ]);
    expect(describeRule(showerFall, '2022')).toBe('Between 1:80 and 1:50 (NCC 2022)');
  });

  it('under NCC 2016 passes from 1:60 to 1:80: the edition switches the limits', () => {
    expect([59, 60, 80, 81].map((n) => [n, judgeFall(n, '2016')])).toEqual([
      [59, 'warning'],
      [60, 'pass'],
      [80, 'pass'],
      [81, 'warning'],
    ]);
    // 1:55 is fine under 2022 and too steep under 2016.
    expect([judgeFall(55, '2022'), judgeFall(55, '2016')]).toEqual(['pass', 'warning']);
    expect(describeRule(showerFall, '2016')).toBe('Between 1:80 and 1:60 (NCC 2016)');
  });

  it('is missing until a value is recorded', () => {
    expect(judgeItem(showerFall, undefined, '2022')).toBe('missing');
    expect(judgeItem(showerFall, { value: Number.NaN }, '2022')).toBe('missing');
  });
});

describe('an external membrane fall', () => {
  const fall = itemOf('external-membrane', 'fall-to-outlets');
  it('passes at 1:100 or steeper, whatever the NCC edition', () => {
    expect([60, 99, 100, 101].map((n) => judgeItem(fall, { value: n }, '2022'))).toEqual([
      'pass',
      'pass',
      'pass',
      'warning',
    ]);
    expect(judgeItem(fall, { value: 101 }, '2016')).toBe('warning');
    expect(describeRule(fall, '2022')).toBe('No flatter than 1:100');
  });
});

describe('a minimum height', () => {
  const height = itemOf('internal-wet-area', 'shower-wall-height');
  it('passes at the minimum and above, and warns below', () => {
    expect([1799, 1800, 2100].map((mm) => judgeItem(height, { value: mm }, '2022'))).toEqual([
      'warning',
      'pass',
      'pass',
    ]);
    expect(describeRule(height, '2022')).toBe('At least 1800 mm');
  });
});

describe("a thickness against the manufacturer's figure entered on the job", () => {
  const thickness = itemOf('internal-wet-area', 'dry-film');
  it('passes at the figure and above, warns below, and is missing until both are entered', () => {
    expect(judgeItem(thickness, { value: 599, reference: 600 }, '2022')).toBe('warning');
    expect(judgeItem(thickness, { value: 600, reference: 600 }, '2022')).toBe('pass');
    expect(judgeItem(thickness, { value: 650, reference: 600 }, '2022')).toBe('pass');
    expect(judgeItem(thickness, { value: 650 }, '2022')).toBe('missing');
    expect(describeRule(thickness, '2022')).toBe("At least the manufacturer's minimum thickness");
  });
});

describe('yes/no, text, photo and date items', () => {
  it('judge each kind', () => {
    const bondBreakers = itemOf('internal-wet-area', 'bond-breakers');
    expect(judgeItem(bondBreakers, { answer: 'yes' }, '2022')).toBe('pass');
    expect(judgeItem(bondBreakers, { answer: 'no' }, '2022')).toBe('warning');
    expect(judgeItem(bondBreakers, {}, '2022')).toBe('missing');
    // A flood test that leaked fails: it cannot be certified as passed.
    expect(judgeItem(itemOf('flood-test', 'no-leaks'), { answer: 'no' }, '2022')).toBe('fail');
    const photo = itemOf('flood-test', 'start-photo');
    expect(judgeItem(photo, { photoCount: 0 }, '2022')).toBe('missing');
    expect(judgeItem(photo, { photoCount: 1 }, '2022')).toBe('pass');
    expect(describeRule(photo, '2022')).toBe('Photo of the flood test start stage');
    const started = itemOf('flood-test', 'started');
    expect(judgeItem(started, { at: '2026-11-26T08:00:00+11:00' }, '2022')).toBe('pass');
    const note = { kind: 'text', id: 'note', label: 'Note', required: true } as const;
    expect(judgeItem(note, { text: '  ' }, '2022')).toBe('missing');
    expect(judgeItem({ ...note, required: false }, {}, '2022')).toBe('pass');
  });
});

describe('the built-in templates', () => {
  it('are data their own schema accepts, with item ids unique within each', () => {
    expect(builtInChecklistTemplates.map((template) => template.id)).toEqual([...builtInTemplateIds]);
    for (const template of builtInChecklistTemplates) {
      expect(checklistTemplateSchema.safeParse(JSON.parse(JSON.stringify(template))).success).toBe(true);
      const ids = template.stages.flatMap((stage) => stage.items.map((item) => item.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
