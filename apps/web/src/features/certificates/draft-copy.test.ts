import { describe, expect, it } from 'vitest';
import {
  completionProblemMessage,
  draftHint,
  draftStatusNote,
  emptyListMessage,
  FREE_DRAFT_NOTE,
} from './draft-copy.ts';

describe('draft copy by plan', () => {
  it('tells a free user their drafts are saved to the account and never counted (ADR 0069)', () => {
    expect(FREE_DRAFT_NOTE).toBe(
      'Drafts are saved to your account and never counted: only completing one counts towards the month.',
    );
    expect(draftHint('free')).toBe(FREE_DRAFT_NOTE);
    for (const copy of [completionProblemMessage, emptyListMessage, FREE_DRAFT_NOTE]) {
      expect(copy).not.toMatch(/on this phone/);
    }
    // A working draft is the free user's to finish; an issued certificate is not.
    expect(draftStatusNote('free')).toMatch(/you can edit or discard this draft until it is completed/);
  });

  it('premium users save drafts to their account and finish them later', () => {
    expect(emptyListMessage).toBe(
      'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.',
    );
    expect(completionProblemMessage).toBe(
      'Fill in the highlighted job details to complete the certificate, or save it as a draft and finish it later.',
    );
    expect(draftHint('premium')).toBeUndefined();
    expect(draftStatusNote('premium')).toBe('Complete the certificate to share its link.');
  });
});
