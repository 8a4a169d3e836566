/*
 * Office reviews before issue (ADR 0077): its messages and limits, in a module of their own so the
 * public share page, which loads certificates.ts, does not carry them.
 */

export const REVIEW_NOTE_MAX_LENGTH = 1000;

export const reviewMessages = {
  submitForReview:
    'Your business reviews certificates before they are issued. Submit this certificate for review instead.',
  inReview: 'This certificate is waiting for review. The office can change it or send it back to you.',
  notInReview: 'This certificate is not waiting for review.',
  notADraft: 'Only a draft can be submitted for review.',
} as const;
