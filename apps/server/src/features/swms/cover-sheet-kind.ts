import {
  type CoverSheet,
  type CoverSheetBody,
  type CoverSheetSummary,
  documentKindDeclarations,
  missingForCoverSheet,
  swmsMessages,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import type { KernelKind } from '../../platform/documents/document-kernel.ts';
import { kernelDocumentsRepo } from '../../platform/documents/kernel-documents.repo.ts';
import { AppError } from '../../platform/errors.ts';
import { coverSheetFields, parseCoverSheetBody } from './bodies.ts';
import { lifeEventsOf } from './document-life-events.ts';
import type { SwmsPdfService } from './swms-pdf.service.ts';
import { coverSheetSignerSections } from './swms-signer-view.ts';

/**
 * The SWMS cover sheet (PRODUCT.md, SWMS): the principal contractor's front page for a set of the
 * owner's SWMS, which it lists as they are now.
 */
export const coverSheetKind = (
  db: Database,
  pdfs: SwmsPdfService,
): KernelKind<CoverSheetBody, CoverSheetSummary, CoverSheet> => ({
  rules: {
    kind: 'cover_sheet',
    declaration: documentKindDeclarations.cover_sheet,
    ownerPath: (id) => `/swms/cover-sheet/edit/${id}`,
    fieldOrder: coverSheetFields,
    parse: parseCoverSheetBody,
    missing: missingForCoverSheet,
    messages: {
      notFound: swmsMessages.coverSheetNotFound,
      stale: swmsMessages.staleCoverSheetSave,
      versionNotFound: swmsMessages.coverSheetVersionNotFound,
    },
    // Issued, deleted or withdrawn: the owner's activity view lists it (ADR 0090).
    ...lifeEventsOf<CoverSheetBody>('cover_sheet'),
  },
  searchFields: [],
  summary: (header, { body }) => ({
    ...header,
    principal_contractor: body.principal_contractor.company,
    project_name: body.principal_contractor.project_name,
    swms_count: body.swms_ids.length,
  }),
  present: async (header, { document, body }) => ({
    ...header,
    body,
    linked_swms: await pdfs.linkedSwms(document.businessId, body.swms_ids),
  }),
  title: (body) =>
    [body.principal_contractor.company, body.principal_contractor.project_name].filter(Boolean).join(': ') ||
    'SWMS cover sheet',
  signerSections: async ({ document, body }) =>
    coverSheetSignerSections(body, await pdfs.linkedSwms(document.businessId, body.swms_ids)),
  pdf: (found, options) => pdfs.coverSheetPdf(found, options),
  forgetPdfs: (businessId, documentId) => pdfs.forgetDocument(businessId, documentId),
  async checkBody(businessId, body) {
    const found = await kernelDocumentsRepo.currentOfMany(db, businessId, 'swms', body.swms_ids);
    if (found.length !== body.swms_ids.length) {
      throw new AppError(400, 'validation_failed', swmsMessages.unknownSwms, [
        { path: 'swms_ids', message: swmsMessages.unknownSwms },
      ]);
    }
  },
});
