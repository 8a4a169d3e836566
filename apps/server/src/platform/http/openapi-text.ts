import { rateLimits } from '@app/contract';

/**
 * The words of the OpenAPI document that the contract's schemas do not carry: how to sign in and
 * use a token, how lists page, what a rate limit answers, and what the fields that are not obvious
 * mean. They live on the server, not in the contract, so the web app's pages load none of them
 * (PRODUCT.md, Budgets; ADR 0054).
 */

export const API_DESCRIPTION = `The TradeCert API: waterproofing certificates, SWMS and cover sheets, signing by link, and the
company profile behind them. Every request and answer is JSON unless an operation says otherwise
(uploads are multipart/form-data, PDFs are application/pdf).

## Authentication
1. **Get a session:** \`POST /api/auth/signin\` with \`{ "email", "password" }\` answers an
   \`access_token\` (a JWT), its lifetime (\`expires_in\` seconds, \`expires_at\` epoch seconds) and a
   \`refresh_token\`.
2. **Use it:** send \`Authorization: Bearer <access_token>\` on every operation whose security names
   \`session\`.
3. **Refresh it:** before \`expires_at\`, \`POST /api/auth/refresh\` with \`{ "refresh_token" }\`
   answers a new pair. A refresh token works once: using it again ends the session
   (\`refresh_token_already_used\`).
4. **End it:** \`POST /api/auth/signout\` ends every session of the account.

The \`bearerAuth\` scheme is for API tokens (a program's own credential, made from the profile). They
are for server-to-server use: the API grants no cross-origin (CORS) access to browsers, and answers a
preflight \`OPTIONS\` request with 405.

## Pagination
Every list that pages takes the same two query parameters: \`limit\` (an integer, how many rows) and
\`cursor\` (opaque: pass back the \`next_cursor\` of the previous page, unchanged). \`next_cursor\` is
\`null\` on the last page. A cursor that was not made by the server answers 400 \`validation_failed\`.

## Rate limits
Expensive operations are limited per signed-in user (per client IP for visitors), in fixed windows;
each such operation says its limit. Past it the answer is 429 \`over_request_rate_limit\` (or
\`rate_limited\` / \`over_email_send_rate_limit\` where the operation lists them) with a
\`Retry-After\` header: the seconds to wait. A 503 (the server is busy) carries \`Retry-After\` too.

## Errors
Every failure has the one shape \`{ "error": { "code", "message", "details"?, "request_id" } }\`.
Branch on \`code\` (each operation lists its codes by status), show \`message\` to people, and quote
\`request_id\` (also the \`x-request-id\` header) to support. A method a path does not have answers
405 \`method_not_allowed\` with an \`Allow\` header.`;

export const SESSION_SCHEME_DESCRIPTION =
  'The access token of a session: `POST /api/auth/signin` (or an emailed link exchanged at `POST /api/auth/exchange`) answers it, `POST /api/auth/refresh` renews it. Sent as `Authorization: Bearer <access_token>`.';

export const API_TOKEN_SCHEME_DESCRIPTION =
  'An API token (Premium), made from the company profile and shown once, sent as `Authorization: Bearer <token>`. For server-to-server use only (no CORS).';

export const PAGE_LIMIT_DESCRIPTION = 'How many rows to answer (1 to 100); each list has its own default.';
export const PAGE_CURSOR_DESCRIPTION =
  "Opaque: the previous page's `next_cursor`, passed back unchanged. Leave it out for the first page.";

export const RETRY_AFTER_DESCRIPTION = 'Seconds to wait before trying again.';

export const DEVICE_COOKIE_DESCRIPTION =
  "`tc_device_<digest>=<id>.<signature>; Max-Age=31536000; Path=/api/auth; HttpOnly; SameSite=Strict` (and `Secure` over HTTPS): marks this browser as one the account has signed in with, so other browsers' wrong passwords never lock it out. A browser keeps and sends it by itself.";

/** What a declared rate limit allows, in words. */
export function rateLimitText(name: keyof typeof rateLimits): string {
  const { limit, windowSeconds } = rateLimits[name];
  const window =
    windowSeconds % 3600 === 0
      ? `${windowSeconds / 3600} hour${windowSeconds === 3600 ? '' : 's'}`
      : windowSeconds % 60 === 0
        ? `${windowSeconds / 60} minute${windowSeconds === 60 ? '' : 's'}`
        : `${windowSeconds} seconds`;
  return `Rate limit: ${limit} requests per ${window}, per signed-in user (per client IP for visitors); past it, 429 with Retry-After.`;
}

/** Path and query parameters that are not obvious from their name, by name. */
export const PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  id: "The record's id (a UUID). Any other value names nothing: 404.",
  token: 'The secret token of a link, as it appears in the link.',
  kind: 'The kind of document or image the path names.',
  version: 'A version number (1, 2, …); the current version when left out.',
  q: 'Search text: part of a name, address, number or email, case-insensitive.',
  status: 'Only the records in this status.',
  templates: '`true` lists only templates, `false` only documents; both when left out.',
  limit: PAGE_LIMIT_DESCRIPTION,
  cursor: PAGE_CURSOR_DESCRIPTION,
};

/** Fields whose meaning is not obvious from their name, by name (the contract's comments, for integrators). */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  revision:
    'The save this is; the next save names it, and a save made from an older revision is refused (409 conflict).',
  version: 'The version number: an edit of an issued document makes the next version.',
  fingerprint: 'SHA-256 of the content, printed on the PDF so a paper copy can be checked.',
  verdict: 'What the record says of the version shown.',
  is_owner: 'Whether the caller owns it.',
  next_cursor: 'Pass as `cursor` for the next page; null on the last page.',
  revoked_reason:
    "null unless revoked: 'owner' when the owner revoked the link, 'new_version' when the document got a newer version before it was signed.",
  set_aside_at:
    'When the owner set a site sign-on aside as junk (off the register, still in the audit trail); null otherwise.',
  on_site: "Signed on at the site by QR code rather than by the signer's own link.",
  opened_at: 'The first time the recipient opened their link; null until then.',
  attached: 'Whether the PDF went with the mail (it was small enough); otherwise the link only.',
  amended_at: 'When this version (past 1) was issued; null for version 1.',
  amendment_reason: 'Why an issued certificate is amended; printed on the new version.',
  user_id: 'Must be the signed-in user; another id is refused (403 user_mismatch).',
  thumbnail_url: 'A signed URL of a small image, valid for a limited time.',
  url: 'A signed URL, valid for a limited time.',
  logo_url: 'A signed URL of the logo, valid for a limited time; null without one.',
  signature_url: 'A signed URL of the signature image, valid for a limited time; null without one.',
  signed: 'Whether anyone signed the version shown.',
  complimentary: 'Premium granted by an admin, beside and apart from any paid subscription.',
  certificates_this_month: "Certificates completed this month, in the user's own time zone.",
  last_sign_in_at: 'When the user last signed in (their newest session); null if never.',
  handled_at: 'When an admin marked it handled; null until then.',
  time_zone: 'An IANA time zone, e.g. Australia/Brisbane: dates and months are counted in it.',
  access_token: 'A JWT: send it as `Authorization: Bearer <access_token>`.',
  refresh_token: 'Single use: exchange it at POST /api/auth/refresh for a new session before the access token expires.',
  expires_in: 'Seconds the access token lives.',
  expires_at: 'When it expires.',
  taken_at: "When the camera took it (EXIF), in the phone's local time, YYYY-MM-DDTHH:MM.",
  max_sign_ons: 'Sign-ons the code takes before it is full.',
  qr_svg: 'The QR code of `url` as an SVG image.',
  confirmation: 'The word DELETE, typed by the user to confirm.',
  request_id: "The request's id (also its `x-request-id` header), to quote to support.",
  details: 'The fields at fault, each with what to fix.',
  materials_used: 'Free text: all that certificates made before structured materials have.',
  state_details: "Lot and plan, council and building class, for the state's paperwork; null when not given.",
};
