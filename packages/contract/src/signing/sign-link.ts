import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';
import { signableDocumentKinds } from '../documents/kinds.ts';
import { printErrorCodes } from '../documents/printing.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';
import type { SignerDocument } from './signer-document.ts';

/**
 * The signer's side of signing by link (PRODUCT.md, Signing; ADR 0017): what /sign/:token reads
 * and sends. A module of its own so the public signing page loads these and not the owner's side.
 */

export const SIGNER_NAME_MAX = 120;
export const DECLINE_REASON_MAX = 2000;
/** A drawn signature cropped to its ink is a few kilobytes; anything over this is not one. */
export const MAX_SIGNATURE_PNG_BYTES = 200 * 1024;
export const READ_DECLARATION = 'I have read and understood this document';
/**
 * How a signer made their signature: drawn on the screen, their name typed and set in a
 * handwriting font, or an image of it uploaded. Each reaches the server as the same bounded PNG.
 */
export const signatureMethods = ['drawn', 'typed', 'uploaded'] as const;
export type SignatureMethod = (typeof signatureMethods)[number];

export const signerText = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));
export const optionalSignerText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** A link's token: what follows /sign/. Anything longer is no token of ours. */
export const signingTokenParams = z.object({ token: z.string().check(z.maxLength(200)) });

export const signableDocumentSchema = z.object({
  kind: z.enum(signableDocumentKinds),
  id: z.string(),
  number: z.string(),
  title: z.string(),
  version: z.number(),
  fingerprint: z.string(),
});
export type SignableDocumentView = z.infer<typeof signableDocumentSchema>;

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
  /** A site QR code that has taken all the sign-ons its owner allowed. */
  'site_full',
] as const;
export type SignPageState = (typeof signPageStates)[number];

/** What changed since the version `version` people signed (plain TS, as `content`: the page's weight). */
export type ChangesSince = { version: number; changed: string[] };

export const signPageSchema = z.object({
  state: z.enum(signPageStates),
  /** 'link': a named signer's own link; 'site': a SWMS's site sign-on QR code (name and company asked). */
  mode: z.enum(['link', 'site']),
  company_name: z.string(),
  document: signableDocumentSchema,
  signer_name: z.nullable(z.string()),
  expires_at: z.nullable(timestampSchema),
  signed_at: z.nullable(timestampSchema),
  declined_at: z.nullable(timestampSchema),
  /**
   * The content of exactly the version being signed, read with it, while the link is open (null
   * otherwise, and if the version changed between the two reads). Typed, sent as built (ADR 0037).
   */
  content: z.nullable(z.custom<SignerDocument>()),
  /**
   * On a site QR code showing a revised SWMS (ADR 0066): the newest earlier version people signed,
   * and what changed since (section names, with the fields that changed), so they sign again.
   */
  changes_since: z.nullable(z.custom<ChangesSince>()),
});
export type SignPage = z.infer<typeof signPageSchema>;

const base64Png = z
  .string()
  .check(z.maxLength(Math.ceil((MAX_SIGNATURE_PNG_BYTES * 4) / 3) + 4), z.regex(/^[A-Za-z0-9+/]+={0,2}$/));

export const signDocumentSchema = z.object({
  name: signerText(SIGNER_NAME_MAX, 'Type your name.'),
  /** Asked of workers signing on at the site; ignored on a named link. */
  company: optionalSignerText(SIGNER_NAME_MAX),
  read_confirmed: z.literal(true),
  /** The signature (drawn, typed or uploaded, made into one PNG on the phone), base64-encoded. */
  signature_png: base64Png,
  /** How it was made; the audit trail and the signed PDF say so. */
  method: z.enum(signatureMethods),
  /**
   * The fingerprint of the version the signer read. A site QR code opens whichever version is
   * current (ADR 0066), so a site sign-on must say which one it signs; a named link ignores it.
   */
  document_fingerprint: z.optional(z.string().check(z.maxLength(64))),
});
export type SignDocumentInput = z.input<typeof signDocumentSchema>;

export const declineDocumentSchema = z.object({
  reason: signerText(DECLINE_REASON_MAX, 'Say why you decline.'),
});

export const signOutcomeSchema = z.object({ state: z.enum(signPageStates), at: timestampSchema });

/** The signer's side: no account, the token is the key. Guessing is rate-limited per IP. */
export const signByTokenEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/sign/:token',
    auth: 'none',
    summary: 'What a signing link shows: the document, and whether it can still be signed',
    rateLimit: 'signLink',
    params: signingTokenParams,
    responses: { 200: signPageSchema },
    errors: [errorCodes.notFound],
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/sign/:token/pdf',
    auth: 'none',
    summary: 'The document as it will be filed, as a PDF',
    rateLimit: 'signLink',
    params: signingTokenParams,
    responses: { 200: fileResponse('application/pdf', 'inline') },
    errors: [errorCodes.notFound, errorCodes.conflict, ...printErrorCodes],
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/api/sign/:token/sign',
    auth: 'none',
    summary: 'Sign the document: the declaration ticked, the name typed, the signature drawn, typed or uploaded',
    rateLimit: 'signLink',
    params: signingTokenParams,
    body: signDocumentSchema,
    responses: { 200: signOutcomeSchema },
    errors: [
      errorCodes.notFound,
      errorCodes.conflict,
      errorCodes.payloadTooLarge,
      errorCodes.unsupportedMediaType,
      errorCodes.unprocessable,
    ],
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/sign/:token/decline',
    auth: 'none',
    summary: 'Decline to sign, with a reason',
    rateLimit: 'signLink',
    params: signingTokenParams,
    body: declineDocumentSchema,
    responses: { 200: signOutcomeSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
} as const;

/**
 * A signer's own copy as soon as they signed: the document and its signature certificate, by their own
 * link. Beside the signer's other calls, so the public page that links to it bundles nothing else.
 */
export const signedCopyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/sign/:token/copy',
  auth: 'none',
  summary:
    "The signer's copy of the signed PDF (document and signature certificate, without other signers' emails and IPs)",
  rateLimit: 'signedPdf',
  params: signingTokenParams,
  responses: { 200: fileResponse('application/pdf', 'inline') },
  errors: [errorCodes.notFound, errorCodes.conflict, ...printErrorCodes],
});
