import { authErrorCodes, INVALID_EMAIL_MESSAGE } from '@app/contract';
import { ApiError, NetworkError } from '../http.ts';

export const CONNECTION_ERROR_MESSAGE = 'Connection error. Please check your internet connection and try again.';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** PRODUCT.md, Messages: a trigger phrase found (case-insensitively) in the backend's message, and what the user sees. */
const messagesByTrigger: ReadonlyArray<readonly [trigger: string, message: string]> = [
  [
    'already registered',
    "This email is already registered. Please sign in instead or use 'Forgot Password' if you can't access your account.",
  ],
  ['invalid email', INVALID_EMAIL_MESSAGE],
  ['signup disabled', 'New registrations are currently disabled. Please contact support.'],
  ['email rate limit', 'Too many emails sent. Please wait before requesting another confirmation email.'],
  ['too many requests', 'Too many attempts. Please wait a few minutes before trying again.'],
  ['invalid login credentials', 'Invalid email or password. Please check your credentials and try again.'],
  [
    'email not confirmed',
    'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
  ],
];

/**
 * Failures the server words for the user (why, and what to do next): shown as they are. The codes
 * of `authErrorMessages` in the contract, and the weak-password explanation.
 */
const serverWordedCodes: ReadonlySet<string> = new Set([
  authErrorCodes.weakPassword,
  authErrorCodes.currentPasswordRequired,
  authErrorCodes.currentPasswordIncorrect,
  authErrorCodes.recoveryLinkOtherBrowser,
]);

/** Messages of a failed request that never reached the server (fetch's TypeError and friends). */
const networkFailureHints = ['failed to fetch', 'network', 'load failed'];

/** The message to show for a failed sign-up, sign-in or other auth call (PRODUCT.md, Messages). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return CONNECTION_ERROR_MESSAGE;
  if (error instanceof ApiError && serverWordedCodes.has(error.code) && error.message) return error.message;
  const text = error instanceof Error ? error.message.toLowerCase() : '';
  const match = messagesByTrigger.find(([trigger]) => text.includes(trigger));
  if (match) return match[1];
  if (!(error instanceof ApiError) && networkFailureHints.some((hint) => text.includes(hint))) {
    return CONNECTION_ERROR_MESSAGE;
  }
  return UNKNOWN_ERROR_MESSAGE;
}

/** True when a password change was refused for the current password (missing or wrong): shown by that field. */
export function isCurrentPasswordProblem(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === authErrorCodes.currentPasswordRequired || error.code === authErrorCodes.currentPasswordIncorrect)
  );
}

/** True when a password-reset link was opened in a browser other than the one that asked for it. */
export function isRecoveryLinkOtherBrowser(error: unknown): boolean {
  return error instanceof ApiError && error.code === authErrorCodes.recoveryLinkOtherBrowser;
}

/** True when the failure is "email not confirmed", so the page can offer to resend the link. */
export function isEmailNotConfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.code === authErrorCodes.emailNotConfirmed;
}
