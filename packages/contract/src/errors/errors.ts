import { z } from 'zod/mini';

/**
 * Every error code the API answers with: the closed list clients branch on (never on message text).
 * Grouped by who raises them; `errorCodes` is the one list, `ErrorCode` its union.
 */

/** Codes for failures any route can meet (the framework's, the platform's). */
export const httpErrorCodes = {
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  /** A path the API has, asked with a method it does not have (an `Allow` header lists those it has). */
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unprocessable: 'unprocessable',
  /** A request whose body arrived too slowly (ADR 0024, ADR 0060). */
  requestTimeout: 'request_timeout',
  rateLimited: 'rate_limited',
  serviceUnavailable: 'service_unavailable',
  insufficientStorage: 'insufficient_storage',
  internalError: 'internal_error',
} as const;

/**
 * Codes of the auth API. Their messages contain the trigger phrases the client matches by
 * case-insensitive substring (PRODUCT.md, Messages), e.g. "User already registered".
 */
export const authErrorCodes = {
  userAlreadyExists: 'user_already_exists',
  invalidEmail: 'email_address_invalid',
  signupDisabled: 'signup_disabled',
  emailRateLimit: 'over_email_send_rate_limit',
  requestRateLimit: 'over_request_rate_limit',
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  weakPassword: 'weak_password',
  invalidLink: 'invalid_link',
  linkExpired: 'link_expired',
  refreshTokenInvalid: 'refresh_token_not_found',
  refreshTokenReused: 'refresh_token_already_used',
  sessionExpired: 'session_expired',
  noSession: 'no_session',
  /** A password change in a normal session must prove the current password. */
  currentPasswordRequired: 'current_password_required',
  currentPasswordIncorrect: 'current_password_incorrect',
  /** A PKCE recovery link opened in a browser without the verifier: it must be completed where it was asked for. */
  recoveryLinkOtherBrowser: 'recovery_link_other_browser',
} as const;

/** Codes of the certificate rules (their messages: certificateMessages). */
export const certificateErrorCodes = {
  userMismatch: 'user_mismatch',
  premiumRequired: 'premium_required',
  monthlyLimitReached: 'monthly_limit_reached',
  /** Review before issue is on: a field member submits for review instead of completing (ADR 0077). */
  reviewRequired: 'review_required',
  /** The certificate waits for review: its maker cannot change it (ADR 0077). */
  inReview: 'in_review',
} as const;

export const featureErrorCodes = {
  /** A feature switched off (PRODUCT.md, States: bundles). */
  featureDisabled: 'feature_disabled',
} as const;

/** Codes of billing (their messages: BILLING_MESSAGES). */
export const billingErrorCodes = {
  webhookSignatureInvalid: 'webhook_signature_invalid',
  noBillingAccount: 'no_billing_account',
  alreadyPremium: 'already_premium',
  billingUnavailable: 'billing_unavailable',
} as const;

/** Codes of the documents every kind shares (their messages: PRINT_MESSAGES). */
export const documentErrorCodes = {
  /** Past its kind's print budget (pages, or the renderer's time or memory). */
  documentTooLarge: 'document_too_large',
  /** An edit of an issued version sent without the user's agreement to start the next one (ADR 0066). */
  newVersionUnconfirmed: 'new_version_unconfirmed',
  /** Completing or issuing while the profile lacks who stands behind it (ADR 0065). */
  issuerIncomplete: 'issuer_incomplete',
} as const;

/** Codes of records made with a client-made id, the offline outbox's (ADR 0032). */
export const clientIdErrorCodes = {
  /** A create sent again for a record deleted (or withdrawn) since: it is never made again. */
  recordDeleted: 'record_deleted',
} as const;

/** Codes of teams (their messages: teamMessages). */
export const teamErrorCodes = {
  /** Joining while the invitee's own business holds records, without saying what becomes of them. */
  recordsToResolve: 'records_to_resolve',
  /** A refresh by someone removed from the business the session was in (ADR 0077, Removal). */
  memberRemoved: 'member_removed',
  /** A write by a member the business's seats do not cover: they read, they do not create (ADR 0077, seats). */
  seatRequired: 'seat_required',
} as const;

export const BUNDLES_DISABLED_MESSAGE = 'Bundle feature is currently disabled';

export const errorCodes = {
  ...httpErrorCodes,
  ...authErrorCodes,
  ...certificateErrorCodes,
  ...featureErrorCodes,
  ...billingErrorCodes,
  ...documentErrorCodes,
  ...clientIdErrorCodes,
  ...teamErrorCodes,
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/**
 * The status each code is answered with. A Record over the union, so a new code cannot be added
 * without its status; the OpenAPI document groups an endpoint's codes by it.
 */
export const errorStatuses: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  seat_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  request_timeout: 408,
  rate_limited: 429,
  service_unavailable: 503,
  insufficient_storage: 507,
  internal_error: 500,
  new_version_unconfirmed: 409,
  user_already_exists: 422,
  email_address_invalid: 400,
  signup_disabled: 403,
  over_email_send_rate_limit: 429,
  over_request_rate_limit: 429,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  weak_password: 422,
  invalid_link: 400,
  link_expired: 400,
  refresh_token_not_found: 401,
  refresh_token_already_used: 401,
  session_expired: 401,
  no_session: 401,
  current_password_required: 400,
  current_password_incorrect: 400,
  recovery_link_other_browser: 400,
  user_mismatch: 403,
  premium_required: 403,
  monthly_limit_reached: 403,
  review_required: 409,
  in_review: 409,
  feature_disabled: 403,
  webhook_signature_invalid: 400,
  no_billing_account: 409,
  already_premium: 409,
  billing_unavailable: 502,
  document_too_large: 422,
  issuer_incomplete: 422,
  record_deleted: 410,
  records_to_resolve: 409,
  member_removed: 401,
};

const allErrorCodes = Object.values(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return allErrorCodes.some((code) => code === value);
}

/** What a signed-in route answers when the Bearer token is missing, broken or its session over. */
export const sessionErrorCodes = [
  errorCodes.noSession,
  errorCodes.sessionExpired,
  errorCodes.unauthorized,
] as const satisfies readonly ErrorCode[];

/** What any route may answer: a malformed or too slow request, an overloaded or full server, a bug. */
export const commonErrorCodes = [
  errorCodes.validationFailed,
  errorCodes.requestTimeout,
  errorCodes.serviceUnavailable,
  errorCodes.insufficientStorage,
  errorCodes.internalError,
] as const satisfies readonly ErrorCode[];

/** What an image upload can be refused with: not multipart, too big, not an image, too many. */
export const uploadErrorCodes = [
  errorCodes.unsupportedMediaType,
  errorCodes.payloadTooLarge,
  errorCodes.unprocessable,
  errorCodes.requestRateLimit,
] as const satisfies readonly ErrorCode[];

export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/**
 * The one error shape every endpoint answers with (PRODUCT.md, API conventions). `request_id` is the
 * request's id (also its `x-request-id` header and on its log lines), for a support request to quote.
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(allErrorCodes),
    message: z.string(),
    details: z.optional(z.array(fieldIssueSchema)),
    request_id: z.string(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
