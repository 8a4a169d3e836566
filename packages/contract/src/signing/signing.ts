import { z } from 'zod/mini';
import { emailAddressSchema } from '../auth/auth.ts';
import { timestampSchema } from '../common/values.ts';
import { signableDocumentKinds } from '../documents/kinds.ts';
import {
  optionalSignerText,
  SIGNER_NAME_MAX,
  signableDocumentSchema,
  signatureMethods,
  signerText,
} from './sign-link.ts';

/**
 * Signing by link (PRODUCT.md, Signing; ADR 0017): the owner sends a document version to named
 * signers, each with a link of their own; a SWMS can also be signed on at the site by QR code.
 */

/** Derived from the request's timestamps, in this order of precedence. */
export const signerStatuses = ['signed', 'declined', 'revoked', 'expired', 'opened', 'pending'] as const;
export type SignerStatus = (typeof signerStatuses)[number];

export const MAX_SIGNERS_PER_SEND = 20;

/**
 * People an account may send signing links to per day: a free account, or one younger
 * than NEW_ACCOUNT_DAYS, fewer; so a throwaway account cannot mail hundreds of strangers.
 */
export const SIGNING_RECIPIENTS_PER_DAY = { newOrFree: 20, established: 200 } as const;
export const NEW_ACCOUNT_DAYS = 7;
export const signingRecipientLimitMessage = (limit: number) =>
  `Your account can send signing links to ${limit} people a day, and today's are used up. Send the rest tomorrow.`;

export const signerInputSchema = z.object({
  name: signerText(SIGNER_NAME_MAX, "Enter the signer's name."),
  email: emailAddressSchema,
  role: optionalSignerText(SIGNER_NAME_MAX),
  /** The company they sign for, printed on a SWMS's sign-on register and the signature certificate. */
  company: optionalSignerText(SIGNER_NAME_MAX),
});
export type SignerInput = z.input<typeof signerInputSchema>;

export const sendForSigningSchema = z.object({
  signers: z
    .array(signerInputSchema)
    .check(z.minLength(1, 'Add at least one signer.'), z.maxLength(MAX_SIGNERS_PER_SEND)),
});

/**
 * The owner's side of signing: a document or request that is not theirs, or does not exist (kept
 * apart from signingMessages, which the public signing page loads).
 */
export const signingOwnerMessages = {
  documentNotFound: 'Document not found.',
  requestNotFound: 'Signature request not found.',
  noCrewQrCode: 'Show the crew QR code first: the site board prints its link.',
} as const;

export const signingDocumentParams = z.object({
  kind: z.enum(signableDocumentKinds),
  id: z.string().check(z.maxLength(100)),
});
export const signingRequestParams = z.object({ id: z.string().check(z.maxLength(100)) });
/** Which version's signed PDF: digits, read as a number by the server. */
export const signedPdfQuery = z.object({ version: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,5}$/))) });

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
  sent_at: z.nullable(timestampSchema),
  opened_at: z.nullable(timestampSchema),
  signed_at: z.nullable(timestampSchema),
  /** How the signature was made: drawn, typed or uploaded (null until signed). */
  signature_method: z.nullable(z.enum(signatureMethods)),
  declined_at: z.nullable(timestampSchema),
  decline_reason: z.nullable(z.string()),
  revoked_at: z.nullable(timestampSchema),
  /** 'new_version': the document got a newer version before this was signed. */
  revoked_reason: z.nullable(z.enum(['owner', 'new_version'])),
  expires_at: timestampSchema,
  /** A site sign-on the owner set aside as junk: off the register, still in the audit trail. */
  set_aside_at: z.nullable(timestampSchema),
});
export type SignerView = z.infer<typeof signerViewSchema>;

/** How many sign-ons a site QR code takes unless its owner says otherwise, and at most. */
export const SITE_SIGN_ON_DEFAULT_LIMIT = 50;
export const SITE_SIGN_ON_MAX_LIMIT = 200;

export const openSiteSignOnSchema = z.object({
  max_sign_ons: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.minimum(1, 'Allow at least 1 sign-on.'),
        z.maximum(SITE_SIGN_ON_MAX_LIMIT, `At most ${SITE_SIGN_ON_MAX_LIMIT} sign-ons per QR code.`),
      ),
  ),
});

export const siteSignOnLinkSchema = z.object({
  url: z.string(),
  version: z.number(),
  created_at: timestampSchema,
  /** Sign-ons the code takes before it is full; `signed_on` counts those that stand (not set aside). */
  max_sign_ons: z.number(),
  signed_on: z.number(),
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

/** At most this many waiting signatures are listed on the dashboard; `total` counts them all. */
export const MAX_WAITING_LISTED = 10;
/** A decline stays on the dashboard's list this many days. */
export const DECLINED_LISTED_DAYS = 14;

/**
 * A signature the owner is still waiting for (emailed, neither signed nor declined, still valid), or
 * one a signer declined in the last DECLINED_LISTED_DAYS (the owner should act on it).
 */
export const waitingSignatureSchema = z.object({
  request_id: z.string(),
  document_kind: z.enum(signableDocumentKinds),
  document_id: z.string(),
  /** e.g. "Certificate of compliance WPC-2026-0001"; the document may have gone since (then its kind's name). */
  document_label: z.string(),
  /** The owner's page of the document, e.g. /certificates/{id}. */
  document_path: z.string(),
  signer_name: z.string(),
  status: z.enum(['pending', 'opened', 'declined']),
  sent_at: z.nullable(timestampSchema),
  expires_at: timestampSchema,
  declined_at: z.nullable(timestampSchema),
  /** The signer's reason, when declined. */
  decline_reason: z.nullable(z.string()),
});
export type WaitingSignature = z.infer<typeof waitingSignatureSchema>;

export const waitingSignaturesSchema = z.object({
  items: z.array(waitingSignatureSchema),
  total: z.number(),
});
export type WaitingSignatures = z.infer<typeof waitingSignaturesSchema>;
