/*
 * A module of its own: every page's entry chunk holds errors.ts (the codes), and these messages are
 * only for the pages that show them (PRODUCT.md, Budgets).
 */

/** Messages of auth codes that PRODUCT.md fixes or the server words for the user (the web shows them as they are). */
export const authErrorMessages = {
  noSession: 'No valid session - please log in again',
  /** A Bearer token that is not ours (tampered, another key). */
  authenticationFailed: 'Authentication error - please log in again',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  currentPasswordIncorrect: 'Your current password is not correct. Check it and try again.',
  recoveryLinkOtherBrowser:
    'This password reset link was opened in a different browser or device from the one that asked for it. For your safety it only works there. Open it on that device, or send a new link to this one.',
} as const;
