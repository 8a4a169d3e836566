import { describe, expect, it } from 'vitest';
import {
  completionProblemMessage,
  draftHint,
  draftStatusNote,
  emptyListMessage,
  FREE_DRAFT_NOTE,
} from './draft-copy.ts';

/** Words that promise a free user they can finish a draft later, which they cannot (PRODUCT.md, Plans). */
const promisesLater = /finish it later|complete it later|any time|come back|pick (it )?up/i;

describe('draft copy by plan', () => {
  it('says plainly what a free user’s draft is: kept and viewable, finishing or editing it later is Premium', () => {
    expect(FREE_DRAFT_NOTE).toBe(
      'On the free plan a saved draft is kept and you can view it, but finishing or editing it later is a Premium feature.',
    );
    for (const copy of [
      draftHint('free'),
      completionProblemMessage('free'),
      emptyListMessage('free'),
      draftStatusNote('free'),
    ]) {
      expect(copy).toMatch(/Premium feature/);
      expect(copy).not.toMatch(promisesLater);
    }
  });

  it('free: the empty list and the form', () => {
    expect(emptyListMessage('free')).toBe(
      'You have no certificates yet. Create one for your next job. On the free plan a saved draft is kept and you can view it, but finishing or editing it later is a Premium feature.',
    );
    expect(completionProblemMessage('free')).toBe(
      'Fill in the highlighted job details to complete the certificate, or save it as a draft. On the free plan a saved draft is kept and you can view it, but finishing or editing it later is a Premium feature.',
    );
    expect(draftHint('free')).toBe(`${FREE_DRAFT_NOTE} Complete the certificate now if you can.`);
  });

  it('premium users can still be told they can finish a draft later', () => {
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
