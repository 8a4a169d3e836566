import { z } from 'zod/mini';
import { emailAddressSchema } from '../auth/auth.ts';

/**
 * Signing by link (PRODUCT.md, Signing; ADR 0017): the owner sends a document version to named
 * signers, each with a link of their own; a SWMS can also be signed on at the site by QR code.
 */

/** The document kinds a signature request can point at (the server's `documentKinds`). */
export const signableDocumentKinds = ['certificate', 'swms', 'cover_sheet'] as const;
export type SignableDocumentKind = (typeof signableDocumentKinds)[number];

/** Derived from the request's timestamps, in this order of precedence. */
export const signerStatuses = ['signed', 'declined', 'revoked', 'expired', 'opened', 'pending'] as const;
export type SignerStatus = (typeof signerStatuses)[number];

export const MAX_SIGNERS_PER_SEND = 20;
export const SIGNER_NAME_MAX = 120;
export const DECLINE_REASON_MAX = 2000;
/** A drawn signature cropped to its ink is a few kilobytes; anything over this is not one. */
export const MAX_SIGNATURE_PNG_BYTES = 200 * 1024;
export const READ_DECLARATION = 'I have read and understood this document';

const requiredText = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const signerInputSchema = z.object({
  name: requiredText(SIGNER_NAME_MAX, "Enter the signer's name."),
  email: emailAddressSchema,
  role: optionalText(SIGNER_NAME_MAX),
});
export type SignerInput = z.input<typeof signerInputSchema>;

export const sendForSigningSchema = z.object({
  signers: z
    .array(signerInputSchema)
    .check(z.minLength(1, 'Add at least one signer.'), z.maxLength(MAX_SIGNERS_PER_SEND)),
});

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
export const signingDocumentParams = z.object({
  kind: z.enum(signableDocumentKinds),
  id: z.string().check(z.maxLength(100)),
});
export const signingRequestParams = z.object({ id: z.string().check(z.maxLength(100)) });
/** A link's token: what follows /sign/. Anything longer is no token of ours. */
export const signingTokenParams = z.object({ token: z.string().check(z.maxLength(200)) });
export const signedPdfQuery = z.object({ version: z.optional(z.coerce.number().check(z.int(), z.minimum(1))) });

export const signableDocumentSchema = z.object({
  kind: z.enum(signableDocumentKinds),
  id: z.string(),
  number: z.string(),
  title: z.string(),
  version: z.number(),
  fingerprint: z.string(),
});
export type SignableDocumentView = z.infer<typeof signableDocumentSchema>;

export const signerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: z.nullable(z.string()),
  company: z.nullable(z.string()),
  document_version: z.number(),
  status: z.enum(signerStatuses),
  /** Signed on at the site by QR code rather than by their own link. */
  on_site: z.boolean(),
  sent_at: z.nullable(z.string()),
  opened_at: z.nullable(z.string()),
  signed_at: z.nullable(z.string()),
  declined_at: z.nullable(z.string()),
  decline_reason: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
  /** 'new_version': the document got a newer version before this was signed. */
  revoked_reason: z.nullable(z.enum(['owner', 'new_version'])),
  expires_at: z.string(),
});
export type SignerView = z.infer<typeof signerViewSchema>;

export const siteSignOnLinkSchema = z.object({
  url: z.string(),
  version: z.number(),
  created_at: z.string(),
  /** The QR code of `url` as an SVG image. */
  qr_svg: z.string(),
});
export type SiteSignOnLink = z.infer<typeof siteSignOnLinkSchema>;

export const signingPanelSchema = z.object({
  document: signableDocumentSchema,
  signers: z.array(signerViewSchema),
  /** The document kind supports crew sign-on at the site (SWMS). */
  site_sign_on_supported: z.boolean(),
  site_sign_on: z.nullable(siteSignOnLinkSchema),
  /** Versions with at least one signature, newest first: each has a signed PDF. */
  signed_versions: z.array(z.number()),
  /** Open links on an older version were voided by a newer one: the owner should send again. */
  needs_resend: z.boolean(),
});
export type SigningPanel = z.infer<typeof signingPanelSchema>;

/** What /sign/:token shows. `state` says which page; the rest is filled where it applies. */
export const signPageStates = [
  'open',
  'document_changed',
  'signed',
  'declined',
  'expired',
  'revoked',
  'new_version',
  'site_closed',
] as const;
export type SignPageState = (typeof signPageStates)[number];

export const signPageSchema = z.object({
  state: z.enum(signPageStates),
  /** 'link': a named signer's own link; 'site': a SWMS's site sign-on QR code (name and company asked). */
  mode: z.enum(['link', 'site']),
  company_name: z.string(),
  document: signableDocumentSchema,
  signer_name: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  signed_at: z.nullable(z.string()),
  declined_at: z.nullable(z.string()),
});
export type SignPage = z.infer<typeof signPageSchema>;

const base64Png = z
  .string()
  .check(z.maxLength(Math.ceil((MAX_SIGNATURE_PNG_BYTES * 4) / 3) + 4), z.regex(/^[A-Za-z0-9+/]+={0,2}$/));

export const signDocumentSchema = z.object({
  name: requiredText(SIGNER_NAME_MAX, 'Type your name.'),
  /** Asked of workers signing on at the site; ignored on a named link. */
  company: optionalText(SIGNER_NAME_MAX),
  read_confirmed: z.literal(true),
  /** The drawn signature, a PNG, base64-encoded. */
  signature_png: base64Png,
});
export type SignDocumentInput = z.input<typeof signDocumentSchema>;

export const declineDocumentSchema = z.object({
  reason: requiredText(DECLINE_REASON_MAX, 'Say why you decline.'),
});

export const signOutcomeSchema = z.object({ state: z.enum(signPageStates), at: z.string() });
