import type { SubscriptionTier } from '@app/contract';

/**
 * What the certificate screens say about drafts, by plan (PRODUCT.md, Plans): drafts are saved to
 * the account on every plan and never counted; on the free plan a draft is its owner's to finish or
 * discard until it is completed, and only an issued certificate is Premium's to change (ADR 0069).
 */

/** The plain truth about a free user's drafts, added wherever a draft is offered. */
export const FREE_DRAFT_NOTE =
  'Drafts are saved to your account and never counted: only completing one counts towards the month.';

/** Beside the form's save buttons, before anything is saved. Nothing to add for premium. */
export function draftHint(tier: SubscriptionTier): string | undefined {
  return tier === 'premium' ? undefined : FREE_DRAFT_NOTE;
}

/** "Save as completed" was tapped with job details missing. */
export const completionProblemMessage =
  'Fill in the highlighted job details to complete the certificate, or save it as a draft and finish it later.';

/** The certificate list before the first certificate. */
export const emptyListMessage =
  'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.';

/** On a draft's page, under the owner's actions. */
export function draftStatusNote(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'Complete the certificate to share its link.'
    : 'Complete the certificate to share its link. On the free plan you can edit or discard this draft until it is completed; after that, editing is a Premium feature.';
}
