import type { SubscriptionTier } from '@app/contract';

/**
 * What the certificate screens say about drafts, by plan (PRODUCT.md, Plans): a free user may never
 * update a certificate, so a free user's draft is kept on their phone until they complete it, and
 * only then sent (ADR 0036). Only premium drafts are saved to the account.
 */

/** The plain truth about a free user's drafts, added wherever a draft is offered. */
export const FREE_DRAFT_NOTE =
  'On the free plan a draft is kept on this phone until you complete it: only then is it saved to your account.';

/** Beside the form's save buttons, before anything is saved. Nothing to add for premium. */
export function draftHint(tier: SubscriptionTier): string | undefined {
  return tier === 'premium' ? undefined : FREE_DRAFT_NOTE;
}

/** "Save as completed" was tapped with job details missing. */
export function completionProblemMessage(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'Fill in the highlighted job details to complete the certificate, or save it as a draft and finish it later.'
    : 'Fill in the highlighted job details to complete the certificate, or keep it as a draft on this phone and finish it later.';
}

/** The certificate list before the first certificate. */
export function emptyListMessage(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.'
    : 'You have no certificates yet. Create one for your next job: keep it as a draft on this phone and complete it later.';
}

/** On a draft's page, under the owner's actions. */
export function draftStatusNote(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'Complete the certificate to share its link.'
    : 'Only a completed certificate can be shared. On the free plan, finishing or editing this draft is a Premium feature.';
}
