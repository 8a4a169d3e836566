import { z } from 'zod/mini';
import { printErrorCodes } from '../documents/printing.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';
import {
  openSiteSignOnSchema,
  sendForSigningSchema,
  signedPdfQuery,
  signerViewSchema,
  signingDocumentParams,
  signingPanelSchema,
  signingRequestParams,
  siteSignOnLinkSchema,
  waitingSignaturesSchema,
} from './signing.ts';

const okSchema = z.object({ ok: z.literal(true) });

/** The owner's side of signing (PRODUCT.md, Signing): send, follow, resend, revoke, the signed PDF. */
export const signingEndpoints = {
  waiting: defineEndpoint({
    method: 'GET',
    path: '/api/signing/waiting',
    auth: 'required',
    summary: 'Signatures the caller is waiting for, newest sent first, across all their documents',
    responses: { 200: waitingSignaturesSchema },
    errors: [],
  }),
  panel: defineEndpoint({
    method: 'GET',
    path: '/api/signing/documents/:kind/:id',
    auth: 'required',
    summary: "A document's signers and their status, for its owner",
    params: signingDocumentParams,
    responses: { 200: signingPanelSchema },
    errors: [errorCodes.notFound],
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/signing/documents/:kind/:id/requests',
    auth: 'required',
    summary: 'Send the current version of a document to signers, each by their own emailed link',
    rateLimit: 'signingSend',
    params: signingDocumentParams,
    body: sendForSigningSchema,
    responses: { 201: z.object({ signers: z.array(signerViewSchema) }) },
    errors: [errorCodes.notFound, errorCodes.requestRateLimit, errorCodes.rateLimited],
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/signing/requests/:id/resend',
    auth: 'required',
    summary: "Email a signer's link again (and give it a fresh expiry)",
    params: signingRequestParams,
    responses: { 200: signerViewSchema },
    errors: [errorCodes.notFound, errorCodes.conflict, errorCodes.requestRateLimit],
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/signing/requests/:id/revoke',
    auth: 'required',
    summary: "Revoke a signer's link",
    params: signingRequestParams,
    responses: { 200: signerViewSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
  setAside: defineEndpoint({
    method: 'POST',
    path: '/api/signing/requests/:id/set-aside',
    auth: 'required',
    summary: 'Set a junk site sign-on aside: off the register and the signed PDF, kept in the audit trail',
    params: signingRequestParams,
    responses: { 200: signerViewSchema },
    errors: [errorCodes.notFound],
  }),
  signedPdf: defineEndpoint({
    method: 'GET',
    path: '/api/signing/documents/:kind/:id/signed-pdf',
    auth: 'required',
    summary: 'The document followed by its signature certificate page (latest signed version unless told)',
    rateLimit: 'signedPdf',
    params: signingDocumentParams,
    query: signedPdfQuery,
    responses: { 200: fileResponse('application/pdf') },
    errors: [errorCodes.notFound, ...printErrorCodes],
  }),
  openSiteSignOn: defineEndpoint({
    method: 'POST',
    path: '/api/signing/documents/:kind/:id/site-sign-on',
    auth: 'required',
    summary: "The current version's site sign-on QR link (made on first use, taking up to max_sign_ons)",
    params: signingDocumentParams,
    body: openSiteSignOnSchema,
    responses: { 200: siteSignOnLinkSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
  revokeSiteSignOn: defineEndpoint({
    method: 'POST',
    path: '/api/signing/documents/:kind/:id/site-sign-on/revoke',
    auth: 'required',
    summary: "Revoke the document's site sign-on QR links",
    params: signingDocumentParams,
    responses: { 200: okSchema },
    errors: [errorCodes.notFound],
  }),
} as const;
