import type {
  DocumentVerification,
  MadeBy,
  MadeByFilter,
  MissingField,
  SignerDocument,
  SignerSection,
  SwmsStatus,
  SwmsVersion,
} from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOf } from '../accounts/business.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { AppError } from '../errors.ts';
import type { AuthenticatedCaller } from '../http/auth-context.ts';
import type { PdfFile } from '../http/file-reply.ts';
import { decodeCursor, keysetPage } from '../http/list-cursor.ts';
import type { SignatureCertificate } from '../pdf/signature-certificate.ts';
import type { JsonValue } from './fingerprint.ts';
import { type KernelDocumentRow, kernelDocumentsRepo, type ListFilter } from './kernel-documents.repo.ts';
import { letterheadOf } from './letterheads.ts';
import type { RegisterEntry, SignableVersion } from './signable-source.ts';
import {
  type CurrentDocument,
  type KernelKindRules,
  printsAsDraft,
  VersionedDocuments,
} from './versioned-documents.ts';
import { issuedVersionsOf, versionVerification } from './versions.ts';

type JsonBody = { readonly [name: string]: JsonValue };

type PdfOptions = { register?: RegisterEntry[]; signatureCertificate?: SignatureCertificate };

/** What every document's list row has, whatever its kind. */
type SummaryHeader = {
  id: string;
  number: string;
  status: SwmsStatus;
  current_version: number;
  made_by: MadeBy;
  created_at: string;
  updated_at: string;
};

/** What every document's full answer has: its versions, status and what it still needs. */
type PresentedHeader = ReturnType<typeof presentHeader> & { issued: boolean };

/**
 * What a kind plugs into the documents kernel (ADR 0070): its rules, its list
 * row, its full answer and its PDF layout. Everything else (numbering, saves, versions, issue
 * state, deletion or withdrawal, verification and signing) is the same for every kind.
 */
export type KernelKind<Body extends JsonBody, Summary, Presented> = {
  rules: KernelKindRules<Body> & { messages: { versionNotFound: string } };
  /** Fields of the body the list's search looks at, beside the number. */
  searchFields: string[];
  summary(header: SummaryHeader, row: { document: KernelDocumentRow; body: Body }): Summary;
  present(header: PresentedHeader, current: CurrentDocument<Body>): Promise<Presented>;
  /** What signing mails and pages call a version. */
  title(body: Body): string;
  /** What the signing page shows of a version, in the order its PDF prints it. */
  signerSections(found: CurrentDocument<Body>): Promise<SignerSection[]>;
  /**
   * The version's PDF. `register`: the signatures a kind that prints a register lists (it reads the
   * version's own when left out); `signatureCertificate`: the signed PDF's last pages, unsealed.
   */
  pdf(found: CurrentDocument<Body>, options: PdfOptions): Promise<Buffer>;
  /** What else its owner's PDF hands out on paper (a SWMS prints its cover sheet in front): issued too, `by` the printer. */
  printedWith?(found: CurrentDocument<Body>, by: RecordOwner): Promise<void>;
  /** Drops the cached PDFs of a deleted document of `businessId`. */
  forgetPdfs(businessId: string, documentId: string): Promise<void>;
  /** Checks a body before it is saved, e.g. that what it links is the business's own. */
  checkBody?(businessId: string, body: Body): Promise<void>;
};

/**
 * The documents kernel for one kind (a SWMS, a cover sheet) as the owner, a signer and a builder
 * checking a printed copy see it. Every owner-side call takes the caller and reads only their
 * business's documents (ADR 0077); another business's id is not found. The signing calls take no caller: the signer's token
 * authorises them.
 */
export class DocumentKernel<Body extends JsonBody, Summary, Presented> {
  readonly documents: VersionedDocuments<Body>;

  constructor(
    private readonly db: Database,
    private readonly kind: KernelKind<Body, Summary, Presented>,
    now: () => Date,
  ) {
    this.documents = new VersionedDocuments(db, kind.rules, now);
  }

  async list(
    caller: AuthenticatedCaller,
    {
      cursor,
      made_by,
      ...filter
    }: Omit<ListFilter, 'after' | 'makerId'> & {
      cursor?: string | undefined;
      made_by?: MadeByFilter;
    },
  ): Promise<{ items: Summary[]; next_cursor: string | null }> {
    const rows = await kernelDocumentsRepo.list(
      this.db,
      caller.businessId,
      this.kind.rules.kind,
      { ...filter, makerId: made_by === 'me' ? caller.userId : undefined, after: decodeCursor(cursor) },
      this.kind.searchFields,
    );
    const page = keysetPage.of(rows, filter.limit, ({ position, document }) => ({
      createdAt: position,
      id: document.id,
    }));
    return {
      items: page.rows.map(({ document, body, signed, makerName }) =>
        this.kind.summary(
          {
            id: document.id,
            number: document.number,
            status: statusOf(signed, document.ready),
            current_version: document.currentVersion,
            made_by:
              document.userId === null || makerName === null ? null : { user_id: document.userId, name: makerName },
            created_at: document.createdAt.toISOString(),
            updated_at: document.updatedAt.toISOString(),
          },
          { document, body: this.kind.rules.parse(body) },
        ),
      ),
      next_cursor: page.next_cursor,
    };
  }

  async create(owner: RecordOwner, body: Body): Promise<Presented> {
    await this.kind.checkBody?.(owner.businessId, body);
    return this.present(await this.documents.create(owner, body));
  }

  async get(caller: AuthenticatedCaller, id: string): Promise<Presented> {
    return this.present(await this.documents.owned(caller.businessId, id));
  }

  async save(
    caller: AuthenticatedCaller,
    id: string,
    input: { revision: number; body: Body; is_template?: boolean | undefined; new_version?: number | undefined },
  ): Promise<Presented> {
    // Another user's document is not found, whatever its body would link.
    await this.documents.owned(caller.businessId, id);
    await this.kind.checkBody?.(caller.businessId, input.body);
    return this.present(
      await this.documents.save(caller.businessId, id, input.revision, input.body, {
        isTemplate: input.is_template,
        newVersion: input.new_version,
      }),
    );
  }

  /** Discards the new version being drafted: back to the last issued one (ADR 0066). */
  async discardDraft(caller: AuthenticatedCaller, id: string, revision: number): Promise<Presented> {
    return this.present(await this.documents.discardDraft(caller.businessId, id, revision));
  }

  /** Deletes the document with its cached PDFs, or withdraws it once somebody signed it. */
  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    const { withdrawn } = await this.documents.delete(caller, id);
    if (!withdrawn) await this.kind.forgetPdfs(caller.businessId, id);
  }

  /** One version with its body and who signed it. */
  async version(
    caller: AuthenticatedCaller,
    id: string,
    version: number,
  ): Promise<Omit<SwmsVersion, 'body'> & { body: Body }> {
    const found = await this.ownedVersion(caller, id, version);
    const signatures = await this.documents.signatures(id, version);
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

  /**
   * The owner's PDF of the current version, or of `version`. One that carries a QR code is handed
   * out on paper: it is issued from then on (with the cover sheet printed in front of a SWMS), and
   * the next edit makes a new version.
   */
  async pdf(caller: AuthenticatedCaller, id: string, version: number | undefined): Promise<PdfFile> {
    const found = await this.documents.printable(caller, id, version);
    if (!found) throw new AppError(404, 'not_found', this.kind.rules.messages.versionNotFound);
    if (!printsAsDraft(found)) await this.kind.printedWith?.(found, caller);
    const pdf = await this.kind.pdf(found, {});
    return { bytes: pdf, filename: `${found.document.number}-v${found.version.version}.pdf` };
  }

  /**
   * The public verification page's answer for a version (null: no such version): no content
   * beyond what checks a paper copy. `id` is a UUID (the route checks).
   */
  async verify(id: string, version: number): Promise<DocumentVerification | null> {
    const found = await this.documents.versionOf(undefined, id, version);
    if (!found) return null;
    const { kind } = this.kind.rules;
    // The business as the version's paper names it (ADR 0088).
    const [letterhead, issued] = await Promise.all([letterheadOf(this.db, found), issuedVersionsOf(this.db, kind, id)]);
    return versionVerification(
      this.db,
      id,
      {
        kind,
        number: found.document.number,
        version,
        fingerprint: found.version.fingerprint,
        business_name: letterhead.company_name,
        version_date: found.version.createdAt.toISOString(),
      },
      {
        issued: issued.some((row) => row.version === version),
        latestIssued: issued.at(-1) ?? null,
        withdrawnAt: found.document.withdrawnAt,
      },
    );
  }

  /**
   * For signing: the current version of the owner's document when it can be sent, that is ready
   * (nothing required missing) and not a template (ADR 0017); undefined otherwise, and for anyone
   * else's.
   */
  async signingVersionForOwner(businessId: string, id: string): Promise<SignableVersion | undefined> {
    const document = await kernelDocumentsRepo.findOwned(this.db, businessId, this.kind.rules.kind, id);
    if (!document?.ready || document.isTemplate) return undefined;
    return this.signingVersion(id, document.currentVersion);
  }

  /**
   * For signing, without an owner check: one version, or undefined. Given `lockIn`, read in that
   * transaction under the lock every save takes.
   */
  async signingVersion(id: string, version: number, lockIn?: Queryable): Promise<SignableVersion | undefined> {
    const found = lockIn
      ? await this.documents.lockedVersionOf(lockIn, id, version)
      : await this.documents.versionOf(undefined, id, version);
    if (!found) return undefined;
    return {
      kind: this.kind.rules.kind,
      id,
      businessId: found.document.businessId,
      number: found.document.number,
      title: this.kind.title(found.body),
      version,
      fingerprint: found.version.fingerprint,
      current: version === found.document.currentVersion && found.document.withdrawnAt === null,
    };
  }

  /**
   * For signing, without an owner check: what the signing page shows of one version, while its
   * fingerprint is still `fingerprint` (the version being signed); undefined otherwise.
   */
  async signingView(id: string, version: number, fingerprint: string): Promise<SignerDocument | undefined> {
    const found = await this.documents.versionOf(undefined, id, version);
    if (!found || found.version.fingerprint !== fingerprint) return undefined;
    const [letterhead, business, sections] = await Promise.all([
      letterheadOf(this.db, found),
      businessOf(this.db, found.document.businessId),
      this.kind.signerSections(found),
    ]);
    return {
      sender: {
        // Named as the PDF being signed names it (ADR 0088); written to where the business is now.
        business_name: letterhead.company_name || null,
        name: null,
        email: business?.companyEmail ?? business?.email ?? null,
      },
      sections,
    };
  }

  /**
   * For signing, without an owner check: the PDF of one version, with the sign-on register filled
   * in from `options.register`, or its signed PDF given `options.signatureCertificate`. Undefined
   * when unknown.
   */
  async signingPdf(id: string, version: number, options: PdfOptions): Promise<Buffer | undefined> {
    const found = await this.documents.versionOf(undefined, id, version);
    return found && this.kind.pdf(found, options);
  }

  /** For signing, without an owner check: one version as stored (row and body), or undefined when unknown. */
  async storedVersion(id: string, version: number) {
    return (await this.documents.versionOf(undefined, id, version)) ?? undefined;
  }

  /** The owner's document at `version` (the current one when left out); 404 for another user's or an unknown one. */
  private async ownedVersion(caller: AuthenticatedCaller, id: string, version: number | undefined) {
    const current = await this.documents.owned(caller.businessId, id);
    const found = version === undefined ? current : await this.documents.versionOf(caller.businessId, id, version);
    if (!found) throw new AppError(404, 'not_found', this.kind.rules.messages.versionNotFound);
    return found;
  }

  private async present(current: CurrentDocument<Body>): Promise<Presented> {
    const [history, issued] = await Promise.all([
      this.documents.history(current.document.id),
      this.documents.isIssued(current),
    ]);
    return this.kind.present(
      { ...presentHeader(current, history, this.kind.rules.missing(current.body)), issued },
      current,
    );
  }
}

type HistoryRow = { version: number; fingerprint: string; createdAt: Date; updatedAt: Date; signatureCount: number };

function presentHeader(current: CurrentDocument<unknown>, history: HistoryRow[], missing: MissingField[]) {
  const { document, version } = current;
  const signed = (history.find((row) => row.version === document.currentVersion)?.signatureCount ?? 0) > 0;
  return {
    id: document.id,
    number: document.number,
    revision: document.revision,
    current_version: document.currentVersion,
    fingerprint: version.fingerprint,
    status: statusOf(signed, missing.length === 0),
    missing,
    versions: history.map((row) => ({
      version: row.version,
      fingerprint: row.fingerprint,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      signature_count: row.signatureCount,
      current: row.version === document.currentVersion,
    })),
    created_at: document.createdAt.toISOString(),
    updated_at: document.updatedAt.toISOString(),
  };
}

const statusOf = (signed: boolean, ready: boolean): SwmsStatus => (signed ? 'signed' : ready ? 'ready' : 'draft');
