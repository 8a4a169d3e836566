import { describe, expect, it } from 'vitest';
import { type CertificateChecklist, checklistUnrecorded, worstOutcome } from './checklist-judging.ts';

describe('a folded stage', () => {
  it('shows the worst of what was recorded: a Fail beats a Warning beats a Pass', () => {
    expect(worstOutcome(['pass', 'fail', 'warning'])).toBe('fail');
    expect(worstOutcome(['pass', 'missing', 'warning'])).toBe('warning');
    expect(worstOutcome(['missing', 'pass'])).toBe('pass');
  });

  it('is not recorded only while nothing in it is', () => {
    expect(worstOutcome(['missing', 'missing'])).toBe('missing');
    expect(worstOutcome([])).toBe('missing');
  });
});

describe('the items not recorded', () => {
  it('names each by checklist and item, in order, leaving out what was recorded', () => {
    const flood: CertificateChecklist = {
      template_id: 'flood-test',
      ncc_edition: '2022',
      entries: {
        started: { at: '2026-11-20T08:00' },
        depth: { value: 50, reference: 50 },
        'start-photo': { photo_ids: ['6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f'] },
        duration: { value: 24 },
        'no-leaks': { answer: 'no' },
      },
    };
    // A duration with no reference entered is not recorded: it cannot be judged.
    expect(checklistUnrecorded([flood])).toEqual([
      'Flood test record: Test ended',
      'Flood test record: Duration',
      'Flood test record: Water level at the end',
    ]);
  });
});
