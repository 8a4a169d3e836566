import type { SubscriptionTier } from '@app/contract';

/**
 * What the certificate screens say about drafts, by plan (PRODUCT.md, Plans): a free user may save a draft,
 * which is kept and readable, but may never update a certificate, so finishing or editing a draft
 * later is a Premium feature. Only premium copy may promise "finish it later".
 */

/** The plain truth about a free user's drafts, added wherever a draft is offered or saved. */
export const FREE_DRAFT_NOTE =
  'On the free plan a saved draft is kept and you can view it, but finishing or editing it later is a Premium feature.';

/** Beside the form's save buttons, before anything is saved. Nothing to add for premium. */
export function draftHint(tier: SubscriptionTier): string | undefined {
  return tier === 'premium' ? undefined : `${FREE_DRAFT_NOTE} Complete the certificate now if you can.`;
}

/** "Save as completed" was tapped with job details missing. */
export function completionProblemMessage(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'Fill in the highlighted job details to complete the certificate, or save it as a draft and finish it later.'
    : `Fill in the highlighted job details to complete the certificate, or save it as a draft. ${FREE_DRAFT_NOTE}`;
}

/** The certificate list before the first certificate. */
export function emptyListMessage(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.'
    : `You have no certificates yet. Create one for your next job. ${FREE_DRAFT_NOTE}`;
}

/** On a draft's page, under the owner's actions. */
export function draftStatusNote(tier: SubscriptionTier): string {
  return tier === 'premium'
    ? 'Complete the certificate to share its link.'
    : 'Only a completed certificate can be shared. On the free plan, finishing or editing this draft is a Premium feature.';
}
