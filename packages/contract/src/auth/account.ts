import { z } from 'zod/mini';
import { emailSchema, passwordSchema } from './auth.ts';

/** What the user types to confirm deleting their account (PRODUCT.md, Account). */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';

/** The account's own words; the server answers with them and the web shows them as they are. */
export const accountMessages = {
  deletionNotConfirmed: `Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm that you want to delete your account.`,
  subscriptionStillActive:
    'Your Premium subscription is still active. Cancel it on the Subscription page first; you can delete your account once it no longer renews.',
  sameEmail: 'That is already your email address.',
} as const;

/** The new address gets a link; the change happens when it is opened. The current password proves it is the owner. */
export const emailChangeRequestSchema = z.object({
  new_email: emailSchema,
  current_password: passwordSchema,
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export const emailChangeResponseSchema = z.object({ new_email: z.string() });

/**
 * Deleting the account needs the typed confirmation, the word itself (the form checks what was typed,
 * spaces trimmed, before it sends), and the current password.
 */
export const accountDeletionRequestSchema = z.object({
  confirmation: z.literal(ACCOUNT_DELETION_CONFIRMATION, { error: accountMessages.deletionNotConfirmed }),
  current_password: passwordSchema,
});
export type AccountDeletionRequest = z.input<typeof accountDeletionRequestSchema>;
