import { describe, expect, it } from 'vitest';
import { CHECKLIST_TEMPLATE_LIMITS } from './checklist-schemas.ts';
import { builtInChecklistTemplates } from './checklist-templates.ts';
import { customTemplateRequestSchema } from './custom-templates.ts';

const yesNo = (id?: string) => ({
  kind: 'yes_no' as const,
  ...(id && { id }),
  label: 'Membrane turned up at the walls',
  expected: 'yes' as const,
  otherwise: 'warning' as const,
});

const fall = (limits: { steepest?: number; flattest?: number }) => ({
  kind: 'measure' as const,
  label: 'Balcony fall',
  unit: 'ratio' as const,
  rule: { kind: 'fall' as const, limits },
});

const request = (stages: unknown) => ({ name: 'Balcony procedure', standard: 'Company procedure', stages });
const messagesOf = (input: unknown) => {
  const result = customTemplateRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a custom checklist template request', () => {
  it('takes the five kinds of item, ids optional, and defaults what it may leave out', () => {
    const parsed = customTemplateRequestSchema.parse({
      name: '  Balcony procedure ',
      stages: [
        {
          title: 'Substrate',
          items: [
            yesNo('turned-up'),
            fall({ steepest: 60, flattest: 100 }),
            { kind: 'measure', label: 'Upturn height', unit: 'mm', rule: { kind: 'at_least', min: 150 } },
            { kind: 'text', label: 'Primer batch', required: true },
            { kind: 'photo', label: 'Substrate', stage: 'substrate' },
            { kind: 'date_time', label: 'Primed' },
          ],
        },
      ],
    });
    expect(parsed).toMatchObject({ name: 'Balcony procedure', standard: '', summary: '', uses_ncc_edition: false });
    expect(parsed.stages[0]?.items).toHaveLength(6);
  });

  it('refuses too many items: per stage, and in all', () => {
    const items = (count: number) => Array.from({ length: count }, () => yesNo());
    expect(messagesOf(request([{ title: 'One', items: items(CHECKLIST_TEMPLATE_LIMITS.itemsPerStage) }]))).toEqual([]);
    expect(messagesOf(request([{ title: 'One', items: items(CHECKLIST_TEMPLATE_LIMITS.itemsPerStage + 1) }]))).toEqual([
      'A stage can have up to 30 items.',
    ]);
    const fourStagesOf26 = Array.from({ length: 4 }, (_, index) => ({ title: `Stage ${index}`, items: items(26) }));
    expect(messagesOf(request(fourStagesOf26))).toEqual(['A template can have up to 100 items in all.']);
    const elevenStages = Array.from({ length: 11 }, (_, index) => ({ title: `Stage ${index}`, items: items(1) }));
    expect(messagesOf(request(elevenStages))).toEqual(['A template can have up to 10 stages.']);
    expect(messagesOf(request([]))).toEqual(['Add at least one stage.']);
    expect(messagesOf(request([{ title: 'Empty', items: [] }]))).toEqual(['Add at least one item to each stage.']);
  });

  it('refuses an item id used twice, or not of lower-case letters, digits and dashes', () => {
    expect(
      messagesOf(
        request([
          { title: 'A', items: [yesNo('same')] },
          { title: 'B', items: [yesNo('same')] },
        ]),
      ),
    ).toEqual(['Each item id can only be used once in a template.']);
    expect(messagesOf(request([{ title: 'A', items: [yesNo('Not OK')] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [yesNo('x'.repeat(61))] }]))).toHaveLength(1);
  });

  it('refuses fall limits reversed, out of range or not finite, and labels that are blank or too long', () => {
    expect(messagesOf(request([{ title: 'A', items: [fall({ steepest: 50, flattest: 80 })] }]))).toEqual([]);
    expect(messagesOf(request([{ title: 'A', items: [fall({ steepest: 80, flattest: 50 })] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [fall({ flattest: 1001 })] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [fall({ steepest: 0 })] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [fall({ steepest: Number.NaN })] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [{ ...yesNo(), label: ' ' }] }]))).toHaveLength(1);
    expect(messagesOf(request([{ title: 'A', items: [{ ...yesNo(), label: 'x'.repeat(201) }] }]))).toHaveLength(1);
    expect(messagesOf({ ...request([{ title: 'A', items: [yesNo()] }]), name: 'x'.repeat(101) })).toHaveLength(1);
  });

  it('is the form the built-in templates fit', () => {
    for (const template of builtInChecklistTemplates) {
      const { name, standard, summary, usesNccEdition, stages } = template;
      const parsed = customTemplateRequestSchema.safeParse({
        name,
        standard,
        summary,
        uses_ncc_edition: usesNccEdition,
        stages,
      });
      expect(parsed.success).toBe(true);
    }
  });
});
