import { INVALID_EMAIL_MESSAGE, isEmailAddress, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from '@app/contract';

/** Checked before sending, so the obvious mistakes get an answer without a round trip. */
export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your email address.';
  // The contract's rule, the one the server signs up by.
  if (!isEmailAddress(trimmed)) return INVALID_EMAIL_MESSAGE;
  return undefined;
}

/** PRODUCT.md, Accounts and sessions: at least 6 characters. Weak or breached passwords are for the server to judge. */
export function newPasswordProblem(password: string): string | undefined {
  return password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : undefined;
}

export function currentPasswordProblem(password: string): string | undefined {
  return password ? undefined : 'Enter your password.';
}

export const NEW_PASSWORD_HINT =
  'At least 6 characters. A few unrelated words make a strong password that is easy to remember.';
