import type { CustomTemplate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, draftProblems, emptyDraft, newItem, requestOf } from './template-draft.ts';

describe('the template builder’s draft', () => {
  it('becomes the request, a fall as a ratio with the limits typed, blank limits left out', () => {
    const draft = emptyDraft();
    const fall = {
      ...newItem('measure'),
      label: 'Balcony fall',
      ruleKind: 'fall' as const,
      steepest: '60',
      flattest: '',
    };
    const minimum = {
      ...newItem('measure'),
      label: 'Upturn',
      ruleKind: 'at_least' as const,
      unit: 'mm' as const,
      min: '150',
    };
    const request = requestOf({
      ...draft,
      name: 'Balcony',
      stages: [{ key: 's', title: 'Falls', items: [fall, minimum] }],
    });
    expect(request.stages[0]?.items).toEqual([
      { kind: 'measure', label: 'Balcony fall', unit: 'ratio', rule: { kind: 'fall', limits: { steepest: 60 } } },
      { kind: 'measure', label: 'Upturn', unit: 'mm', rule: { kind: 'at_least', min: 150 } },
    ]);
  });

  it('says where each problem is and what to do', () => {
    const item = { ...newItem('measure'), label: 'Upturn', ruleKind: 'at_least' as const, min: '' };
    expect(draftProblems({ ...emptyDraft(), name: 'B', stages: [{ key: 's', title: 'A', items: [item] }] })).toEqual([
      'Stage 1, item 1: Enter the minimum as a number, e.g. 150.',
    ]);
    expect(
      draftProblems({ ...emptyDraft(), stages: [{ key: 's', title: 'A', items: [{ ...item, min: '1' }] }] }),
    ).toEqual(['Name: Give the template a name.']);
  });

  it('keeps a saved template’s item ids when edited', () => {
    const saved: CustomTemplate = {
      id: 't',
      name: 'Balcony',
      standard: '',
      summary: '',
      uses_ncc_edition: false,
      stages: [{ title: 'A', items: [{ kind: 'date_time', id: 'primed', label: 'Primed' }] }],
      created_at: '',
      updated_at: '',
    };
    expect(requestOf(draftOf(saved)).stages[0]?.items).toEqual([{ kind: 'date_time', id: 'primed', label: 'Primed' }]);
  });
});
