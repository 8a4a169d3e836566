import {
  type CoverSheet,
  type CoverSheetBody,
  type CoverSheetSummary,
  type createSwmsRequestSchema,
  type DocumentVerification,
  emptySwmsBody,
  isUuid,
  type MissingField,
  missingForCoverSheet,
  missingForReady,
  type Swms,
  type SwmsBody,
  type SwmsStatus,
  type SwmsSummary,
  type SwmsVersion,
  type swmsListQuerySchema,
  swmsMessages,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import type { SafetyDocumentKind } from '../../db/schema.ts';
import type { JsonValue } from '../../platform/documents/fingerprint.ts';
import type { RegisterEntry, SignableVersion } from '../../platform/documents/signable-source.ts';
import { sentVersions, verdictOf } from '../../platform/documents/versions.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { PdfFile } from '../../platform/http/pdf-reply.ts';
import { coverSheetFields, parseCoverSheetBody, parseSwmsBody, swmsFields } from './bodies.ts';
import { safetyDocumentsRepo } from './safety-documents.repo.ts';
import type { SwmsPdfService } from './swms-pdf.service.ts';
import { swmsStarterBodies } from './swms-starters.ts';
import { type CurrentDocument, VersionedDocuments } from './versioned-documents.ts';

type ListQuery = z.output<typeof swmsListQuerySchema>;
type CreateSwmsInput = z.output<typeof createSwmsRequestSchema>;

const today = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const coverSheetTitle = (body: CoverSheetBody) =>
  [body.principal_contractor.company, body.principal_contractor.project_name].filter(Boolean).join(': ') ||
  'SWMS cover sheet';

/**
 * SWMS and cover sheets (PRODUCT.md, SWMS). The same for free and Premium users (ADR 0016). Every
 * owner-side call takes the caller and reads only their documents; another user's id is not found.
 *
 * For the signing feature, three functions take no caller (a signer's token authorises them):
 * `signingDocumentForOwner`, `signingDocumentVersion` and `renderVersionPdf`.
 */
export class SwmsService {
  readonly swms: VersionedDocuments<SwmsBody>;
  readonly coverSheets: VersionedDocuments<CoverSheetBody>;

  constructor(
    private readonly db: Database,
    private readonly pdfs: SwmsPdfService,
    private readonly now: () => Date,
  ) {
    this.swms = new VersionedDocuments(
      db,
      {
        kind: 'swms',
        numberPrefix: 'SWMS',
        fieldOrder: swmsFields,
        parse: parseSwmsBody,
        missing: missingForReady,
        messages: {
          notFound: swmsMessages.notFound,
          stale: swmsMessages.staleSave,
        },
      },
      now,
    );
    this.coverSheets = new VersionedDocuments(
      db,
      {
        kind: 'cover_sheet',
        numberPrefix: 'CS',
        fieldOrder: coverSheetFields,
        parse: parseCoverSheetBody,
        missing: missingForCoverSheet,
        messages: {
          notFound: swmsMessages.coverSheetNotFound,
          stale: swmsMessages.staleCoverSheetSave,
        },
      },
      now,
    );
  }

  async list(caller: AuthenticatedCaller, query: ListQuery): Promise<{ items: SwmsSummary[] }> {
    const rows = await safetyDocumentsRepo.list(
      this.db,
      caller.userId,
      'swms',
      {
        limit: query.limit,
        search: query.q || undefined,
        status: query.status,
        templates: query.templates === undefined ? undefined : query.templates === 'true',
      },
      ['title', 'work_location'],
    );
    return {
      items: rows.map(({ document, body, signed }) => {
        const swms = parseSwmsBody(body);
        return {
          id: document.id,
          number: document.number,
          title: swms.title,
          work_location: swms.work_location,
          status: statusOf(signed, document.ready),
          current_version: document.currentVersion,
          is_template: document.isTemplate,
          created_at: document.createdAt.toISOString(),
          updated_at: document.updatedAt.toISOString(),
        };
      }),
    };
  }

  async create(caller: AuthenticatedCaller, input: CreateSwmsInput): Promise<Swms> {
    const body = await this.startingBody(caller.userId, input);
    if (!body.date_prepared) {
      const business = await safetyDocumentsRepo.business(this.db, caller.userId);
      body.date_prepared = today(business?.timeZone ?? 'Australia/Sydney', this.now());
    }
    return this.presentSwms(await this.swms.create(caller.userId, body));
  }

  async get(caller: AuthenticatedCaller, id: string): Promise<Swms> {
    if (!isUuid(id)) throw this.swms.errors.notFound();
    return this.presentSwms(await this.swms.owned(caller.userId, id));
  }

  async save(
    caller: AuthenticatedCaller,
    id: string,
    input: { revision: number; body: SwmsBody; is_template?: boolean | undefined },
  ): Promise<Swms> {
    if (!isUuid(id)) throw this.swms.errors.notFound();
    return this.presentSwms(
      await this.swms.save(caller.userId, id, input.revision, input.body, { isTemplate: input.is_template }),
    );
  }

  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    if (!isUuid(id)) throw this.swms.errors.notFound();
    await this.swms.delete(caller.userId, id);
  }

  async version(caller: AuthenticatedCaller, id: string, version: number): Promise<SwmsVersion> {
    if (!isUuid(id)) throw this.swms.errors.notFound();
    const found = await this.swms.versionOf(caller.userId, id, version);
    if (!found) throw new AppError(404, 'not_found', swmsMessages.versionNotFound);
    const signatures = await this.swms.signatures(id, version);
    return {
      id: found.document.id,
      number: found.document.number,
      version,
      current: version === found.document.currentVersion && found.document.withdrawnAt === null,
      fingerprint: found.version.fingerprint,
      created_at: found.version.createdAt.toISOString(),
      body: found.body,
      signatures: signatures.map((signature) => ({
        signer_name: signature.signerName,
        signer_company: signature.signerCompany,
        signed_at: signature.signedAt?.toISOString() ?? '',
      })),
    };
  }

  /** The PDF of the current version, or of `version`; its cover sheet in front when one lists it. */
  async pdf(caller: AuthenticatedCaller, id: string, version: number | undefined): Promise<PdfFile> {
    const found = await ownedVersion(this.swms, caller, id, version);
    return { pdf: await this.pdfs.swmsPdf(found, { register: [] }), filename: pdfFilename(found) };
  }

  /**
   * The public verification page's answer for a SWMS or cover-sheet version (null: no such
   * version): no content beyond what checks a paper copy. `id` is a UUID (the route checks).
   */
  async verify(kind: SafetyDocumentKind, id: string, version: number): Promise<DocumentVerification | null> {
    const documents = kind === 'swms' ? this.swms : this.coverSheets;
    const found = await documents.versionOf(undefined, id, version);
    if (!found) return null;
    const business = await safetyDocumentsRepo.business(this.db, found.document.userId);
    const sent = await sentVersions(this.db, kind, id);
    const { currentVersion, ready } = found.document;
    const current = version === currentVersion ? found : await documents.versionOf(undefined, id, currentVersion);
    return {
      kind,
      number: found.document.number,
      version,
      fingerprint: found.version.fingerprint,
      business_name: business?.name ?? '',
      verdict: verdictOf({
        version,
        // Issued once sent or signed; the current version also once it is ready (printed for the
        // paper sign-on register, it is what the crew works to).
        issued: sent.some((issued) => issued.version === version) || (version === currentVersion && ready),
        latestIssued:
          ready && current ? { version: currentVersion, issuedAt: current.version.createdAt } : (sent.at(-1) ?? null),
        withdrawnAt: found.document.withdrawnAt,
      }),
      signature_count: (await documents.signatures(id, version)).length,
      version_date: found.version.createdAt.toISOString(),
    };
  }

  async listCoverSheets(caller: AuthenticatedCaller): Promise<{ items: CoverSheetSummary[] }> {
    const rows = await safetyDocumentsRepo.list(this.db, caller.userId, 'cover_sheet', { limit: 100 }, []);
    return {
      items: rows.map(({ document, body, signed }) => {
        const sheet = parseCoverSheetBody(body);
        return {
          id: document.id,
          number: document.number,
          principal_contractor: sheet.principal_contractor.company,
          project_name: sheet.principal_contractor.project_name,
          status: statusOf(signed, document.ready),
          current_version: document.currentVersion,
          swms_count: sheet.swms_ids.length,
          created_at: document.createdAt.toISOString(),
          updated_at: document.updatedAt.toISOString(),
        };
      }),
    };
  }

  /** A new cover sheet, its business block filled in from the company profile. */
  async createCoverSheet(caller: AuthenticatedCaller, input: { swms_ids: string[] }): Promise<CoverSheet> {
    await this.assertOwnSwms(caller.userId, input.swms_ids);
    const business = await safetyDocumentsRepo.business(this.db, caller.userId);
    const body: CoverSheetBody = {
      business: {
        name: business?.name ?? '',
        abn: business?.abn ?? '',
        address: business?.address ?? '',
        phone: business?.phone ?? '',
        email: business?.email ?? '',
      },
      principal_contractor: { company: '', project_name: '', site_address: '', project_manager: '', date_given: null },
      approved_by: { name: '', position: '', date: null },
      person_responsible: '',
      review_date: null,
      swms_ids: input.swms_ids,
      other_documents: [],
    };
    return this.presentCoverSheet(caller.userId, await this.coverSheets.create(caller.userId, body));
  }

  async getCoverSheet(caller: AuthenticatedCaller, id: string): Promise<CoverSheet> {
    if (!isUuid(id)) throw this.coverSheets.errors.notFound();
    return this.presentCoverSheet(caller.userId, await this.coverSheets.owned(caller.userId, id));
  }

  async saveCoverSheet(
    caller: AuthenticatedCaller,
    id: string,
    input: { revision: number; body: CoverSheetBody },
  ): Promise<CoverSheet> {
    if (!isUuid(id)) throw this.coverSheets.errors.notFound();
    // Another user's sheet is not found, whatever it would link.
    await this.coverSheets.owned(caller.userId, id);
    await this.assertOwnSwms(caller.userId, input.body.swms_ids);
    return this.presentCoverSheet(
      caller.userId,
      await this.coverSheets.save(caller.userId, id, input.revision, input.body),
    );
  }

  async deleteCoverSheet(caller: AuthenticatedCaller, id: string): Promise<void> {
    if (!isUuid(id)) throw this.coverSheets.errors.notFound();
    await this.coverSheets.delete(caller.userId, id);
  }

  async coverSheetPdf(caller: AuthenticatedCaller, id: string, version: number | undefined): Promise<PdfFile> {
    const found = await ownedVersion(this.coverSheets, caller, id, version);
    return { pdf: await this.pdfs.coverSheetPdf(found), filename: pdfFilename(found) };
  }

  /**
   * For signing: the current version of the owner's SWMS or cover sheet when it can be sent, that
   * is ready (nothing required missing) and not a template (ADR 0017); undefined otherwise, and for
   * anyone else's.
   */
  async signingDocumentForOwner(
    ownerId: string,
    kind: SafetyDocumentKind,
    id: string,
  ): Promise<SignableVersion | undefined> {
    if (!isUuid(id)) return undefined;
    const document = await safetyDocumentsRepo.findOwned(this.db, ownerId, kind, id);
    if (!document?.ready || document.isTemplate) return undefined;
    return this.signingDocumentVersion(kind, id, document.currentVersion);
  }

  /**
   * For signing, without an owner check (the signer's token authorises it): one version, or
   * undefined. Given `lockIn`, read in that transaction under the lock every save takes.
   */
  async signingDocumentVersion(
    kind: SafetyDocumentKind,
    id: string,
    version: number,
    lockIn?: Queryable,
  ): Promise<SignableVersion | undefined> {
    if (!isUuid(id)) return undefined;
    const documents = kind === 'swms' ? this.swms : this.coverSheets;
    const found = lockIn
      ? await documents.lockedVersionOf(lockIn, id, version)
      : await documents.versionOf(undefined, id, version);
    if (!found) return undefined;
    return {
      kind,
      id,
      ownerId: found.document.userId,
      number: found.document.number,
      title: 'title' in found.body ? found.body.title || 'Untitled SWMS' : coverSheetTitle(found.body),
      version,
      fingerprint: found.version.fingerprint,
      current: version === found.document.currentVersion && found.document.withdrawnAt === null,
    };
  }

  /**
   * For signing, without an owner check: the PDF of one version, with the worker sign-on register
   * filled in from `register` (an empty paper register when none is given). Undefined when unknown.
   */
  async renderVersionPdf(
    kind: SafetyDocumentKind,
    id: string,
    version: number,
    options: { register?: RegisterEntry[] } = {},
  ): Promise<Buffer | undefined> {
    if (!isUuid(id)) return undefined;
    if (kind === 'swms') {
      const found = await this.swms.versionOf(undefined, id, version);
      return found && this.pdfs.swmsPdf(found, { register: options.register ?? [] });
    }
    const found = await this.coverSheets.versionOf(undefined, id, version);
    return found && this.pdfs.coverSheetPdf(found);
  }

  private async startingBody(userId: string, input: CreateSwmsInput): Promise<SwmsBody> {
    if (input.template_id) {
      const [template] = await safetyDocumentsRepo.currentOfMany(this.db, userId, 'swms', [input.template_id]);
      if (!template?.document.isTemplate) throw new AppError(404, 'not_found', swmsMessages.templateNotFound);
      return { ...parseSwmsBody(template.body), date_prepared: null, review_date: null };
    }
    if (input.starter) return swmsStarterBodies[input.starter]();
    return emptySwmsBody();
  }

  private async assertOwnSwms(userId: string, ids: string[]) {
    const found = await safetyDocumentsRepo.currentOfMany(this.db, userId, 'swms', ids);
    if (found.length !== ids.length) {
      throw new AppError(400, 'validation_failed', swmsMessages.unknownSwms, [
        { path: 'swms_ids', message: swmsMessages.unknownSwms },
      ]);
    }
  }

  private async presentSwms(current: CurrentDocument<SwmsBody>): Promise<Swms> {
    const common = presentVersioned(
      current,
      await this.swms.history(current.document.id),
      missingForReady(current.body),
    );
    return { ...common, is_template: current.document.isTemplate, body: current.body };
  }

  private async presentCoverSheet(userId: string, current: CurrentDocument<CoverSheetBody>): Promise<CoverSheet> {
    const { document, body } = current;
    const common = presentVersioned(current, await this.coverSheets.history(document.id), missingForCoverSheet(body));
    return { ...common, body, linked_swms: await this.pdfs.linkedSwms(userId, body.swms_ids) };
  }
}

/** What every versioned document's answer has: its versions, status and what it still needs. */
function presentVersioned<Body>(current: CurrentDocument<Body>, history: HistoryRow[], missing: MissingField[]) {
  const { document, version } = current;
  return {
    id: document.id,
    number: document.number,
    revision: document.revision,
    current_version: document.currentVersion,
    fingerprint: version.fingerprint,
    status: statusOf(signedCount(history, document.currentVersion) > 0, missing.length === 0),
    missing,
    versions: presentHistory(history, document.currentVersion),
    created_at: document.createdAt.toISOString(),
    updated_at: document.updatedAt.toISOString(),
  };
}

/** The owner's document at `version` (the current one when left out); 404 for another user's or an unknown one. */
async function ownedVersion<Body extends { readonly [name: string]: JsonValue }>(
  documents: VersionedDocuments<Body>,
  caller: AuthenticatedCaller,
  id: string,
  version: number | undefined,
): Promise<CurrentDocument<Body>> {
  if (!isUuid(id)) throw documents.errors.notFound();
  const current = await documents.owned(caller.userId, id);
  const found = version === undefined ? current : await documents.versionOf(caller.userId, id, version);
  if (!found) throw new AppError(404, 'not_found', swmsMessages.versionNotFound);
  return found;
}

const pdfFilename = ({ document, version }: CurrentDocument<unknown>) => `${document.number}-v${version.version}.pdf`;

const statusOf = (signed: boolean, ready: boolean): SwmsStatus => (signed ? 'signed' : ready ? 'ready' : 'draft');

type HistoryRow = { version: number; fingerprint: string; createdAt: Date; updatedAt: Date; signatureCount: number };

const signedCount = (history: HistoryRow[], version: number) =>
  history.find((row) => row.version === version)?.signatureCount ?? 0;

const presentHistory = (history: HistoryRow[], currentVersion: number) =>
  history.map((row) => ({
    version: row.version,
    fingerprint: row.fingerprint,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    signature_count: row.signatureCount,
    current: row.version === currentVersion,
  }));
