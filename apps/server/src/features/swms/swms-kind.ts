import {
  documentKindDeclarations,
  missingForReady,
  type Swms,
  type SwmsBody,
  type SwmsSummary,
  swmsMessages,
} from '@app/contract';
import type { KernelKind } from '../../platform/documents/document-kernel.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import { parseSwmsBody, swmsFields } from './bodies.ts';
import { lifeEventsOf } from './document-life-events.ts';
import type { SwmsPdfService } from './swms-pdf.service.ts';
import { swmsSignerSections } from './swms-signer-view.ts';

/** The SWMS (PRODUCT.md, SWMS): its body, list row, answer and PDF, printed with its cover sheet. */
const lifeEvents = lifeEventsOf<SwmsBody>('swms');

export const swmsKind = (
  pdfs: SwmsPdfService,
  events: OutboundEvents,
  printedWith: NonNullable<KernelKind<SwmsBody, SwmsSummary, Swms>['printedWith']>,
): KernelKind<SwmsBody, SwmsSummary, Swms> => ({
  rules: {
    kind: 'swms',
    declaration: documentKindDeclarations.swms,
    ownerPath: (id) => `/swms/${id}`,
    fieldOrder: swmsFields,
    parse: parseSwmsBody,
    missing: missingForReady,
    messages: {
      notFound: swmsMessages.notFound,
      stale: swmsMessages.staleSave,
      versionNotFound: swmsMessages.versionNotFound,
    },
    // A SWMS version issued, by whichever act first: the audit trail and integrators hear of it once (ADRs 0090, 0055, 0099).
    issued: async (tx, found, issuedBy) => {
      await lifeEvents.issued(tx, found, issuedBy);
      await events.publish(tx, {
        type: 'swms.version_issued',
        userId: issuedBy.userId,
        data: { swms_id: found.document.id, version: found.version.version },
      });
    },
    removed: lifeEvents.removed,
  },
  searchFields: ['title', 'work_location'],
  summary: (header, { document, body }) => ({
    ...header,
    title: body.title,
    work_location: body.work_location,
    is_template: document.isTemplate,
  }),
  present: async (header, { document, body }) => ({ ...header, is_template: document.isTemplate, body }),
  title: (body) => body.title || 'Untitled SWMS',
  signerSections: async ({ body }) => swmsSignerSections(body),
  pdf: (found, options) => pdfs.swmsPdf(found, options),
  printedWith,
  forgetPdfs: (businessId, documentId) => pdfs.forgetDocument(businessId, documentId),
});
