import { describe, expect, it } from 'vitest';
import { bodyDifferences } from './body-differences.ts';

describe('bodyDifferences', () => {
  it('names each differing field with both versions, a section’s fields one level down', () => {
    const saved = {
      title: 'Shower recess',
      ppe: ['Gloves'],
      steps: [{ task: 'Prime' }],
      business: { name: 'Dry Right', abn: '1' },
      sds_attached: false,
    };
    const mine = {
      title: 'Shower recess and floor',
      ppe: ['Gloves', 'Respirator'],
      steps: [{ task: 'Prime' }, { task: 'Membrane' }],
      business: { name: 'Dry Right', abn: '2' },
      sds_attached: true,
    };
    expect(bodyDifferences(mine, saved)).toEqual([
      { label: 'Title', mine: 'Shower recess and floor', saved: 'Shower recess' },
      { label: 'PPE', mine: 'Gloves; Respirator', saved: 'Gloves' },
      { label: 'Steps', mine: '2 entries', saved: '1 entry' },
      { label: 'Business ABN', mine: '2', saved: '1' },
      { label: 'SDS attached', mine: 'Yes', saved: 'No' },
    ]);
    expect(bodyDifferences(saved, saved)).toEqual([]);
  });
});
