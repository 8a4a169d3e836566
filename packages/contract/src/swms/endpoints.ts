import { kindEndpoints } from '../documents/kind-endpoints.ts';
import { errorCodes } from '../errors/errors.ts';
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

/** The SWMS's endpoints, built as every kernel kind's are. */
export const swmsKindEndpoints = kindEndpoints({
  base: '/api/swms',
  notFound: swmsMessages.notFound,
  permissions: { read: 'swms.edit', write: 'swms.edit' },
  schemas: {
    listQuery: swmsListQuerySchema,
    listResponse: swmsListResponseSchema,
    document: swmsSchema,
    create: createSwmsRequestSchema,
    save: saveSwmsRequestSchema,
    discardDraft: discardDraftRequestSchema,
  },
  version: { response: swmsVersionSchema, summary: 'One version of a SWMS as it was filed, with its signatures' },
  createErrors: [errorCodes.notFound],
  summaries: {
    list: "The caller's SWMS, newest first, in pages, by search, status or templates",
    create: 'Create a SWMS: empty, from a built-in starter, or from one of your templates',
    get: 'A SWMS: its current version, status and version history',
    save: 'Save a SWMS (autosave). An issued version is never rewritten: the save starts a new version, only with `new_version` naming it',
    delete: 'Delete a SWMS that nobody has signed',
    pdf: 'A SWMS version (the current one unless asked) as a PDF, its cover sheet in front',
  },
  theDocument: 'the SWMS',
});

/** The cover sheet's endpoints, built as every kernel kind's are (it has no version endpoint). */
export const coverSheetKindEndpoints = kindEndpoints({
  base: '/api/cover-sheets',
  notFound: swmsMessages.coverSheetNotFound,
  permissions: { read: 'coverSheets.view', write: 'coverSheets.edit' },
  schemas: {
    listQuery: coverSheetListQuerySchema,
    listResponse: coverSheetListResponseSchema,
    document: coverSheetSchema,
    create: createCoverSheetRequestSchema,
    save: saveCoverSheetRequestSchema,
    discardDraft: discardDraftRequestSchema,
  },
  createErrors: [],
  summaries: {
    list: "The caller's SWMS cover sheets, newest first, in pages",
    create: 'Create a cover sheet, filled in from the company profile',
    get: 'A cover sheet with the SWMS it covers',
    save: 'Save a cover sheet (autosave); an issued version is never rewritten (a new one needs `new_version`)',
    delete: 'Delete a cover sheet that nobody has signed',
    pdf: 'A cover sheet version as a PDF',
  },
  theDocument: 'the cover sheet',
});

/**
 * SWMS and their cover sheets (PRODUCT.md, SWMS): the same for free and Premium users. Listed by
 * the names the published API has always used (its operationIds, ADR 0054), in its order.
 */
export const swmsEndpoints = {
  list: swmsKindEndpoints.list,
  create: swmsKindEndpoints.create,
  get: swmsKindEndpoints.get,
  save: swmsKindEndpoints.save,
  discardDraft: swmsKindEndpoints.discardDraft,
  delete: swmsKindEndpoints.delete,
  version: swmsKindEndpoints.version,
  pdf: swmsKindEndpoints.pdf,
  listCoverSheets: coverSheetKindEndpoints.list,
  createCoverSheet: coverSheetKindEndpoints.create,
  getCoverSheet: coverSheetKindEndpoints.get,
  saveCoverSheet: coverSheetKindEndpoints.save,
  discardCoverSheetDraft: coverSheetKindEndpoints.discardDraft,
  deleteCoverSheet: coverSheetKindEndpoints.delete,
  coverSheetPdf: coverSheetKindEndpoints.pdf,
} as const;
