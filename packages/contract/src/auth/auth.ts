import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN, INVALID_EMAIL_MESSAGE } from './credential-rules.ts';

/**
 * Auth API contract (PRODUCT.md, Accounts and sessions). Each operation has one request and one response schema, used by the
 * server for validation and by the web client for typing.
 */

/** Trimmed and lowercased before anything else looks at it (PRODUCT.md, Accounts and sessions). */
export const emailSchema = z.pipe(
  z.string().check(z.maxLength(320)),
  z.transform((value: string) => value.trim().toLowerCase()),
);

/** The one rule for what an email address looks like (credential-rules.ts), as a schema. */
export const emailAddressSchema = z
  .string()
  .check(z.trim(), z.maxLength(EMAIL_ADDRESS_MAX_LENGTH), z.regex(EMAIL_ADDRESS_PATTERN, INVALID_EMAIL_MESSAGE));

export const passwordSchema = z.string().check(z.maxLength(1024));

/** PKCE (RFC 7636) S256 challenge: base64url of a SHA-256 digest, 43 characters. */
export const codeChallengeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));
export const codeVerifierSchema = z.string().check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/));

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_confirmed_at: z.nullable(timestampSchema),
  created_at: timestampSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds the access token lives. */
  expires_in: z.number(),
  /** Seconds since the epoch when the access token expires. */
  expires_at: z.number(),
  refresh_token: z.string(),
  user: authUserSchema,
  /**
   * True for a session started by a password-recovery link, until a new password is set: the only
   * kind of session that may set a password without the current one.
   */
  recovery: z.optional(z.boolean()),
});
export type Session = z.infer<typeof sessionSchema>;

export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** When present, the confirmation link carries a code to exchange with the matching verifier. */
  code_challenge: z.optional(codeChallengeSchema),
  /** IANA time zone from the browser, kept on the profile (PRODUCT.md, Plans). */
  time_zone: z.optional(z.string().check(z.maxLength(64))),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signUpResponseSchema = z.object({
  user: authUserSchema,
  confirmation_sent: z.boolean(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const signInRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().check(z.minLength(1), z.maxLength(256)) });

export const exchangeCodeRequestSchema = z.object({
  auth_code: z.string().check(z.minLength(1), z.maxLength(256)),
  code_verifier: codeVerifierSchema,
});

/** `email_change`: sent to the new address; opening it makes that address the account's (PRODUCT.md, Account). */
export const emailLinkTypes = ['signup', 'recovery', 'email_change'] as const;
export type EmailLinkType = (typeof emailLinkTypes)[number];

/**
 * Verifies an emailed link without a code verifier: a `token_hash` link (/auth/confirm) or a code
 * link opened on another device (/auth/callback). Confirms the email. A recovery link signs in only
 * if it was issued without PKCE; a PKCE recovery link answers `recovery_link_other_browser` and stays
 * usable in the browser that asked for it.
 */
export const verifyRequestSchema = z.object({
  type: z.enum(emailLinkTypes),
  token_hash: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  auth_code: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
});
export const verifyResponseSchema = z.object({
  type: z.enum(emailLinkTypes),
  email: z.string(),
  /** Present for recovery links issued without PKCE, so the user can set a new password. */
  session: z.optional(sessionSchema),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const emailOnlyRequestSchema = z.object({
  email: emailSchema,
  code_challenge: z.optional(codeChallengeSchema),
});
export type EmailOnlyRequest = z.input<typeof emailOnlyRequestSchema>;

/** `current_password` is required, except in a recovery session (a stolen access token is not enough). */
export const updatePasswordRequestSchema = z.object({
  password: passwordSchema,
  current_password: z.optional(passwordSchema),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const exchangeCodeResponseSchema = z.object({
  type: z.enum(emailLinkTypes),
  session: sessionSchema,
});
export type ExchangeCodeResponse = z.infer<typeof exchangeCodeResponseSchema>;
