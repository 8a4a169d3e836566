import {
  type CoverSheet,
  type CoverSheetBody,
  type CoverSheetSummary,
  type createSwmsRequestSchema,
  DEFAULT_TIME_ZONE,
  emptySwmsBody,
  formatAbn,
  type KernelHeadTableKind,
  type Swms,
  type SwmsBody,
  type SwmsSummary,
  swmsMessages,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import type { RecordOwner } from '../../platform/accounts/memberships.ts';
import { dates } from '../../platform/dates.ts';
import { DocumentKernel } from '../../platform/documents/document-kernel.ts';
import { kernelDocumentsRepo } from '../../platform/documents/kernel-documents.repo.ts';
import type { CurrentDocument } from '../../platform/documents/versioned-documents.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { parseSwmsBody } from './bodies.ts';
import { coverSheetKind } from './cover-sheet-kind.ts';
import { swmsKind } from './swms-kind.ts';
import type { SwmsPdfService } from './swms-pdf.service.ts';
import { swmsStarterBodies } from './swms-starters.ts';

type CreateSwmsInput = z.output<typeof createSwmsRequestSchema>;

/**
 * SWMS and cover sheets (PRODUCT.md, SWMS). The same for free and Premium users (ADR 0016). Both
 * kinds share one versioning (DocumentKernel); what differs is how a new one starts.
 */
export class SwmsService {
  readonly swms: DocumentKernel<SwmsBody, SwmsSummary, Swms>;
  readonly coverSheets: DocumentKernel<CoverSheetBody, CoverSheetSummary, CoverSheet>;

  constructor(
    private readonly db: Database,
    private readonly pdfs: SwmsPdfService,
    private readonly now: () => Date,
    events: OutboundEvents,
  ) {
    this.coverSheets = new DocumentKernel(db, coverSheetKind(db, pdfs), now);
    this.swms = new DocumentKernel(db, swmsKind(pdfs, events, this.coverSheetPrintedWith), now);
  }

  /**
   * Issues the cover sheet a SWMS prints in front of it, when it is ready: its number, version and
   * fingerprint are on paper now, so an edit of it makes its next version. It is issued as any act
   * issues it (ADR 0099): marked once, its event told once, `by` the member who printed.
   */
  private readonly coverSheetPrintedWith = async (swms: CurrentDocument<SwmsBody>, by: RecordOwner): Promise<void> => {
    const { businessId, id } = swms.document;
    const cover = await this.pdfs.coverSheetFor(businessId, id);
    if (!cover?.document.ready || cover.version.issuedAt) return;
    await this.db.transaction((tx) =>
      this.coverSheets.documents.issueByAct(tx, cover.document.id, cover.version.version, by),
    );
  };

  ofKind(kind: KernelHeadTableKind) {
    return kind === 'swms' ? this.swms : this.coverSheets;
  }

  /**
   * The site board of a SWMS version (PRODUCT.md, SWMS): its crew sign-on link on an A4 poster.
   * Signing gives the link (it owns the crew QR code) and has checked the caller owns the SWMS.
   */
  async siteBoardPdf(id: string, version: number, crewUrl: string): Promise<Buffer | undefined> {
    const found = await this.swms.storedVersion(id, version);
    return found && this.pdfs.siteBoardPdf(found, crewUrl);
  }

  /** A new SWMS: empty, from a built-in starter, or from one of the owner's templates. */
  async createSwms(caller: AuthenticatedCaller, input: CreateSwmsInput): Promise<Swms> {
    const body = await this.startingBody(caller.businessId, input);
    if (!body.date_prepared) {
      const business = await businessOf(this.db, caller.businessId);
      body.date_prepared = dates.isoDay(this.now(), business?.timeZone ?? DEFAULT_TIME_ZONE);
    }
    return this.swms.create(caller, body);
  }

  /** A new cover sheet for some of the owner's SWMS, its business block filled in from the company profile. */
  async createCoverSheet(caller: AuthenticatedCaller, input: { swms_ids: string[] }): Promise<CoverSheet> {
    const business = await businessOf(this.db, caller.businessId);
    return this.coverSheets.create(caller, {
      business: {
        name: business?.companyName ?? '',
        // As people write it ("51 824 753 556"): the profile keeps the digits only.
        abn: business?.companyAbn ? formatAbn(business.companyAbn) : '',
        address: business?.companyAddress ?? '',
        phone: business?.companyPhone ?? '',
        email: business?.companyEmail ?? '',
      },
      principal_contractor: { company: '', project_name: '', site_address: '', project_manager: '', date_given: null },
      // The profile's applicator approves by default: then the PDF carries their signature on file.
      approved_by: { name: business?.applicatorName ?? '', position: '', date: null },
      person_responsible: '',
      review_date: null,
      swms_ids: input.swms_ids,
      other_documents: [],
    });
  }

  private async startingBody(businessId: string, input: CreateSwmsInput): Promise<SwmsBody> {
    if (input.template_id) {
      const [template] = await kernelDocumentsRepo.currentOfMany(this.db, businessId, 'swms', [input.template_id]);
      if (!template?.document.isTemplate) throw new AppError(404, 'not_found', swmsMessages.templateNotFound);
      return { ...parseSwmsBody(template.body), date_prepared: null, review_date: null };
    }
    if (input.starter) return swmsStarterBodies[input.starter]();
    return emptySwmsBody();
  }
}
