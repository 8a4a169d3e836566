import { z } from 'zod/mini';
import { printErrorCodes } from '../documents/printing.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';
import { certificateMessages, certificateSchema } from './certificates.ts';

// Any id string is accepted here; one that is not a UUID is simply not found (404, not 400).
export const certificateIdParams = z.object({ id: z.string().check(z.maxLength(100)) });

/**
 * Which version to show (the QR code on each version's PDF names its own); the current one when
 * left out. Digits only; the service reads the number (no transform: the share page's script).
 */
export const certificateVersionQuery = z.object({
  version: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Use a version number like 1 or 2.'))),
});

/**
 * What a share link reaches: no login for a completed certificate, the owner also reaches drafts.
 * Part of certificateEndpoints, declared in a module of its own so the public share page loads
 * these two declarations and not the rest (PRODUCT.md, Budgets).
 */
export const sharedCertificateEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:id',
    auth: 'optional',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: "A certificate: the owner's, or any completed one by its link",
    params: certificateIdParams,
    notFound: certificateMessages.notFound,
    query: certificateVersionQuery,
    responses: { 200: certificateSchema },
    errors: [errorCodes.notFound],
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/certificates/:id/pdf',
    auth: 'optional',
    permission: 'certificates.edit',
    apiTokens: 'read',
    summary: 'A certificate as an A4 PDF',
    rateLimit: 'certificatePdf',
    params: certificateIdParams,
    notFound: certificateMessages.notFound,
    query: certificateVersionQuery,
    responses: { 200: fileResponse('application/pdf') },
    errors: [errorCodes.notFound, ...printErrorCodes],
  }),
} as const;
