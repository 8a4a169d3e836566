import { describe, expect, it } from 'vitest';
import {
  completionProblemMessage,
  draftHint,
  draftStatusNote,
  emptyListMessage,
  FREE_DRAFT_NOTE,
} from './draft-copy.ts';

describe('draft copy by plan', () => {
  it('tells a free user their draft is kept on this phone until they complete it (ADR 0036)', () => {
    expect(FREE_DRAFT_NOTE).toBe(
      'On the free plan a draft is kept on this phone until you complete it: only then is it saved to your account.',
    );
    expect(draftHint('free')).toBe(FREE_DRAFT_NOTE);
    for (const copy of [completionProblemMessage('free'), emptyListMessage('free')]) {
      expect(copy).toMatch(/keep it as a draft on this phone/);
    }
    // A draft saved to the account before (or by a Premium plan since ended) still cannot be updated.
    expect(draftStatusNote('free')).toMatch(/finishing or editing this draft is a Premium feature/);
  });

  it('premium users save drafts to their account and finish them later', () => {
    expect(emptyListMessage('premium')).toBe(
      'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.',
    );
    expect(completionProblemMessage('premium')).toBe(
      'Fill in the highlighted job details to complete the certificate, or save it as a draft and finish it later.',
    );
    expect(draftHint('premium')).toBeUndefined();
    expect(draftStatusNote('premium')).toBe('Complete the certificate to share its link.');
  });
});
