import { z } from 'zod/mini';
import { emailAddressSchema } from '../auth/auth.ts';
import { timestampSchema } from '../common/values.ts';
import { printErrorCodes } from '../documents/printing.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';
import { signingTokenParams } from './sign-link.ts';
import { signingDocumentParams, signingOwnerMessages } from './signing.ts';

/**
 * Sending a document to the builder (PRODUCT.md, Sending a document; ADR 0042): the owner mails the
 * current version of a completed certificate or a ready SWMS or cover sheet to someone, with a link
 * of their own (its first open is recorded) and the PDF attached when it is small enough. A module of
 * its own: only the owner's lazy panel and the signed-copy mail's link use it.
 */

export const SEND_RECIPIENT_NAME_MAX = 120;
export const SEND_MESSAGE_MAX = 1000;
/**
 * A free account's mail carries no words of the sender's own, so it cannot be used to relay text
 * to strangers (PRODUCT.md, Sending a document): the personal message is Premium's. Refused 403
 * `premium_required` with this, on the `message` field.
 */
export const SEND_MESSAGE_PREMIUM_MESSAGE =
  'A personal message is part of Premium. Send the document without one, or upgrade to add one.';
/** A PDF up to this size goes with the mail as an attachment; a bigger one is reached by the link only. */
export const SEND_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many sends are listed on a document's panel (newest first). */
export const MAX_SENDS_LISTED = 50;

export const sendDocumentSchema = z.object({
  email: emailAddressSchema,
  /** The recipient's name or their company, as the owner knows them. */
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter their name or company.'), z.maxLength(SEND_RECIPIENT_NAME_MAX)),
  message: z.optional(z.string().check(z.trim(), z.maxLength(SEND_MESSAGE_MAX))),
});
export type SendDocumentInput = z.input<typeof sendDocumentSchema>;

export const documentSendSchema = z.object({
  id: z.string(),
  recipient_email: z.string(),
  recipient_name: z.string(),
  document_version: z.number(),
  sent_at: timestampSchema,
  /** The first time the recipient opened their link; null until then. */
  opened_at: z.nullable(timestampSchema),
  /** The PDF went with the mail (it was small enough); otherwise the link only. */
  attached: z.nullable(z.boolean()),
});
export type DocumentSend = z.infer<typeof documentSendSchema>;

export const documentSendsSchema = z.object({ sends: z.array(documentSendSchema) });
export type DocumentSends = z.infer<typeof documentSendsSchema>;

export const documentSendEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/signing/documents/:kind/:id/sends',
    auth: 'required',
    permission: 'signing.view',
    summary: 'Who the document was sent to, when, and when each first opened their link (newest first)',
    params: signingDocumentParams,
    notFound: signingOwnerMessages.documentNotFound,
    responses: { 200: documentSendsSchema },
    errors: [errorCodes.notFound],
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/signing/documents/:kind/:id/sends',
    auth: 'required',
    permission: 'signing.send',
    summary: "Email the document's current version to someone: a link of their own, and the PDF when small enough",
    rateLimit: 'documentSend',
    params: signingDocumentParams,
    notFound: signingOwnerMessages.documentNotFound,
    body: sendDocumentSchema,
    responses: { 201: documentSendSchema },
    errors: [errorCodes.notFound, errorCodes.rateLimited, errorCodes.premiumRequired, errorCodes.issuerIncomplete],
  }),
  open: defineEndpoint({
    method: 'GET',
    path: '/api/sent/:token',
    auth: 'none',
    summary: "A sent document's link: records the first open, then redirects (303) to the document",
    rateLimit: 'sentLink',
    params: signingTokenParams,
    responses: { 303: z.object({}) },
    errors: [errorCodes.notFound],
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/sent/:token/pdf',
    auth: 'none',
    summary: "A sent document's PDF, by the recipient's link",
    rateLimit: 'sentLink',
    params: signingTokenParams,
    responses: { 200: fileResponse('application/pdf', 'inline') },
    errors: [errorCodes.notFound, ...printErrorCodes],
  }),
} as const;

/** The cap a send counts against: the same daily recipients as signing links (SIGNING_RECIPIENTS_PER_DAY). */
export const sendRecipientLimitMessage = (limit: number) =>
  `Your account can send documents and signing links to ${limit} people a day, and today's are used up. Send the rest tomorrow.`;
