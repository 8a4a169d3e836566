/**
 * The rules a person's credentials must meet, apart from the schemas in auth.ts (which build on
 * them) so the public pages' forms check them without loading zod (ADR 0084).
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long.';

/**
 * The one rule for what an email address looks like (PRODUCT.md, Accounts and sessions), used by
 * every field that takes one and by the mailer: a local part of letters, digits and . _ % + ' -
 * (no leading, trailing or double dot), @, and a domain of letter-or-digit labels ending in a
 * top-level name. Nothing that a mail header could split or quote (, ; ? " < > spaces) gets
 * through: `victim,other@evil.test` once became a Reply-To (ADR 0023). The server refuses sign-ups
 * that break it (email_address_invalid); the web checks it before sending, with this message.
 */
export const EMAIL_ADDRESS_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{N}._%+'-]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
/** emailAddressSchema's rule (auth.ts), without zod: the sign-in and contact pages load none (ADR 0084). */
export const isEmailAddress = (value: string) => {
  const address = value.trim();
  return address.length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS_PATTERN.test(address);
};
