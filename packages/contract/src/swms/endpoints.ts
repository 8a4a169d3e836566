import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { printErrorCodes } from '../documents/printing.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse } from '../http/endpoint.ts';
import {
  coverSheetListQuerySchema,
  coverSheetListResponseSchema,
  coverSheetSchema,
  createCoverSheetRequestSchema,
  createSwmsRequestSchema,
  discardDraftRequestSchema,
  saveCoverSheetRequestSchema,
  saveSwmsRequestSchema,
  swmsListQuerySchema,
  swmsListResponseSchema,
  swmsMessages,
  swmsSchema,
  swmsVersionSchema,
} from './swms.ts';

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });
/**
 * A version number from the path or query, read from its digits rather than with z.coerce (as the
 * admin page numbers are): a shared coerce chunk would be loaded by the public share page too.
 */
const versionNumber = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Use a version number like 1 or 2.')),
  z.transform(Number),
);
const versionParams = z.object({ id: z.string().check(z.maxLength(100)), version: versionNumber });
const pdfQuery = z.object({ version: z.optional(versionNumber) });

/**
 * Discarding the new version being drafted (ADR 0066), the same for every kind of safety document:
 * each kind adds its path, its 404 message and its answer.
 */
const discardDraft = (what: string) =>
  ({
    method: 'POST',
    auth: 'required',
    apiTokens: 'write',
    summary: `Discard the new version being drafted: ${what} goes back to its last issued version, unchanged`,
    params: idParams,
    body: discardDraftRequestSchema,
    errors: [errorCodes.notFound, errorCodes.conflict],
  }) as const;

/** SWMS and their cover sheets (PRODUCT.md, SWMS): the same for free and Premium users. */
export const swmsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/swms',
    auth: 'required',
    apiTokens: 'read',
    summary: "The caller's SWMS, newest first, in pages, by search, status or templates",
    query: swmsListQuerySchema,
    responses: { 200: swmsListResponseSchema },
    errors: [],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/swms',
    auth: 'required',
    apiTokens: 'write',
    summary: 'Create a SWMS: empty, from a built-in starter, or from one of your templates',
    body: createSwmsRequestSchema,
    responses: { 201: swmsSchema },
    errors: [errorCodes.notFound],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/swms/:id',
    auth: 'required',
    apiTokens: 'read',
    summary: 'A SWMS: its current version, status and version history',
    params: idParams,
    notFound: swmsMessages.notFound,
    responses: { 200: swmsSchema },
    errors: [errorCodes.notFound],
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/swms/:id',
    auth: 'required',
    apiTokens: 'write',
    summary:
      'Save a SWMS (autosave). An issued version is never rewritten: the save starts a new version, only with `new_version` naming it',
    params: idParams,
    notFound: swmsMessages.notFound,
    body: saveSwmsRequestSchema,
    responses: { 200: swmsSchema },
    errors: [errorCodes.notFound, errorCodes.conflict, errorCodes.newVersionUnconfirmed],
  }),
  discardDraft: defineEndpoint({
    ...discardDraft('the SWMS'),
    path: '/api/swms/:id/discard-draft',
    notFound: swmsMessages.notFound,
    responses: { 200: swmsSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/swms/:id',
    auth: 'required',
    apiTokens: 'write',
    summary: 'Delete a SWMS that nobody has signed',
    params: idParams,
    notFound: swmsMessages.notFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/swms/:id/versions/:version',
    auth: 'required',
    apiTokens: 'read',
    summary: 'One version of a SWMS as it was filed, with its signatures',
    params: versionParams,
    notFound: swmsMessages.notFound,
    responses: { 200: swmsVersionSchema },
    errors: [errorCodes.notFound],
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/swms/:id/pdf',
    auth: 'required',
    apiTokens: 'read',
    summary: 'A SWMS version (the current one unless asked) as a PDF, its cover sheet in front',
    rateLimit: 'swmsPdf',
    params: idParams,
    notFound: swmsMessages.notFound,
    query: pdfQuery,
    responses: { 200: fileResponse('application/pdf') },
    errors: [errorCodes.notFound, errorCodes.issuerIncomplete, ...printErrorCodes],
  }),
  listCoverSheets: defineEndpoint({
    method: 'GET',
    path: '/api/cover-sheets',
    auth: 'required',
    apiTokens: 'read',
    summary: "The caller's SWMS cover sheets, newest first, in pages",
    query: coverSheetListQuerySchema,
    responses: { 200: coverSheetListResponseSchema },
    errors: [],
  }),
  createCoverSheet: defineEndpoint({
    method: 'POST',
    path: '/api/cover-sheets',
    auth: 'required',
    apiTokens: 'write',
    summary: 'Create a cover sheet, filled in from the company profile',
    body: createCoverSheetRequestSchema,
    responses: { 201: coverSheetSchema },
    errors: [],
  }),
  getCoverSheet: defineEndpoint({
    method: 'GET',
    path: '/api/cover-sheets/:id',
    auth: 'required',
    apiTokens: 'read',
    summary: 'A cover sheet with the SWMS it covers',
    params: idParams,
    notFound: swmsMessages.coverSheetNotFound,
    responses: { 200: coverSheetSchema },
    errors: [errorCodes.notFound],
  }),
  saveCoverSheet: defineEndpoint({
    method: 'PUT',
    path: '/api/cover-sheets/:id',
    auth: 'required',
    apiTokens: 'write',
    summary: 'Save a cover sheet (autosave); an issued version is never rewritten (a new one needs `new_version`)',
    params: idParams,
    notFound: swmsMessages.coverSheetNotFound,
    body: saveCoverSheetRequestSchema,
    responses: { 200: coverSheetSchema },
    errors: [errorCodes.notFound, errorCodes.conflict, errorCodes.newVersionUnconfirmed],
  }),
  discardCoverSheetDraft: defineEndpoint({
    ...discardDraft('the cover sheet'),
    path: '/api/cover-sheets/:id/discard-draft',
    notFound: swmsMessages.coverSheetNotFound,
    responses: { 200: coverSheetSchema },
  }),
  deleteCoverSheet: defineEndpoint({
    method: 'DELETE',
    path: '/api/cover-sheets/:id',
    auth: 'required',
    apiTokens: 'write',
    summary: 'Delete a cover sheet that nobody has signed',
    params: idParams,
    notFound: swmsMessages.coverSheetNotFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
  coverSheetPdf: defineEndpoint({
    method: 'GET',
    path: '/api/cover-sheets/:id/pdf',
    auth: 'required',
    apiTokens: 'read',
    summary: 'A cover sheet version as a PDF',
    rateLimit: 'swmsPdf',
    params: idParams,
    notFound: swmsMessages.coverSheetNotFound,
    query: pdfQuery,
    responses: { 200: fileResponse('application/pdf') },
    errors: [errorCodes.notFound, errorCodes.issuerIncomplete, ...printErrorCodes],
  }),
} as const;
