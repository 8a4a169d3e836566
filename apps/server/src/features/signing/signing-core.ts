import {
  errorCodes,
  NEW_ACCOUNT_DAYS,
  rateLimits,
  SIGNING_RECIPIENTS_PER_DAY,
  type SignableDocumentKind,
  type SignatureMethod,
  type SiteSignOnLink,
} from '@app/contract';
import QRCode from 'qrcode';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOfMaker } from '../../platform/accounts/business.ts';
import { assertBusinessCanIssue } from '../../platform/accounts/issuer.ts';
import type { RecordOwner } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { daysAfter } from '../../platform/dates.ts';
import type {
  RegisterEntry,
  SignableDocument,
  SignableDocumentSource,
} from '../../platform/documents/signable-source.ts';
import { type DocumentVersionRef, versionIsIssued } from '../../platform/documents/signatures.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import type { AppError } from '../../platform/errors.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PdfRenderer } from '../../platform/pdf/render-pool.ts';
import type { PdfSealer } from '../../platform/pdf/seal.ts';
import { limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { type SignatureRequestRow, type SiteSignOnLinkRow, signingRepo } from './signing.repo.ts';
import { SIGNING_EMAIL_QUEUE, type SigningEmailJob } from './signing-queues.ts';
import { siteToken } from './signing-tokens.ts';
import { signingErrors } from './signing-views.ts';

/** How long a signing link works from when it is (re)sent. */
export const LINK_TTL_DAYS = 14;

export type SignerInputs = Array<{
  name: string;
  email: string;
  role?: string | null | undefined;
  company?: string | null | undefined;
}>;
export type SignInput = {
  name: string;
  company?: string | null | undefined;
  signature_png: string;
  method: SignatureMethod;
  document_fingerprint?: string | undefined;
};

export type SigningOptions = {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storedFiles: StoredFiles;
  sources: readonly SignableDocumentSource[];
  /** The key signing tokens are derived with (app_secrets). */
  linkSecret: () => Promise<string>;
  publicOrigin: () => string;
  reminderDays: number;
  /** Signing's time: link lifetimes, expiries, reminders and every stamp on a request. */
  clock: () => Date;
  /** Joins a document and its signature certificate off the request thread. */
  pdfRenderer: PdfRenderer;
  /** Seals the signed PDF, as every issued PDF (ADR 0041). */
  pdfSeal: PdfSealer;
  /** Where signed, declined and completed are told (webhooks; ADR 0055). */
  events: OutboundEvents;
};

/**
 * What signing's parts share (ADR 0017): the document kinds it can sign (each through its
 * SignableDocumentSource), the audit trail of requests, and the views of a version's signatures.
 */
export class SigningCore {
  private readonly sources: ReadonlyMap<SignableDocumentKind, SignableDocumentSource>;

  constructor(readonly options: SigningOptions) {
    this.sources = new Map(options.sources.map((source) => [source.kind, source]));
  }

  get db() {
    return this.options.db;
  }

  now(): Date {
    return this.options.clock();
  }

  sourceOf(kind: SignableDocumentKind): SignableDocumentSource {
    const source = this.sources.get(kind);
    if (!source) throw signingErrors.notFound();
    return source;
  }

  async ownedDocument(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string) {
    const source = this.sourceOf(kind);
    const document = await source.currentForOwner(this.db, caller.businessId, documentId);
    if (!document) throw signingErrors.notFound();
    return { source, document };
  }

  /**
   * The owner's document for an act that issues its version (sent for signing, by mail, or at the
   * site): a SWMS or cover-sheet version not issued yet needs the issuer's details on the profile
   * first (ADR 0065). A certificate was issued when completed, with its issuer frozen on it then.
   */
  async documentToIssue(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string) {
    const owned = await this.ownedDocument(caller, kind, documentId);
    if (kind !== 'certificate' && !(await versionIsIssued(this.db, this.refOf(owned.document)))) {
      await assertBusinessCanIssue(this.db, caller.userId);
    }
    return owned;
  }

  /** In the transaction of an act that issues `document`'s version, `by` the member behind it: its kind's issue step (ADRs 0088, 0099). */
  async issued(tx: Queryable, document: SignableDocument, by: RecordOwner): Promise<void> {
    await this.sourceOf(document.kind).issued?.(tx, document, by);
  }

  versionOf(kind: SignableDocumentKind, documentId: string, version: number) {
    return this.sourceOf(kind).version(this.db, documentId, version);
  }

  refOf(document: SignableDocument): DocumentVersionRef {
    return { kind: document.kind, documentId: document.id, version: document.version };
  }

  /** What every row that hands a version out for signing (a request, a send, a site link) starts with: its id, its maker and the version. */
  handedOutVersion(caller: AuthenticatedCaller, document: SignableDocument, id: string) {
    return {
      id,
      businessId: caller.businessId,
      userId: caller.userId,
      documentKind: document.kind,
      documentId: document.id,
      documentVersion: document.version,
    };
  }

  /** Whom news of a request or link goes to, and whose company it names: its business, with its maker (ADR 0077). */
  senderOf(row: Pick<SignatureRequestRow, 'businessId' | 'userId'>) {
    return businessOfMaker(this.db, row.businessId, row.userId);
  }

  async senderName(row: Pick<SignatureRequestRow, 'businessId' | 'userId'>): Promise<string> {
    return (await this.senderOf(row))?.companyName || 'the sender';
  }

  /**
   * The account a request or link acts for where the document kernel and file storage still take
   * one (until the records carry their business, ADR 0077): its maker. Once the maker's account is
   * gone the link is closed.
   */
  makerOf(row: Pick<SignatureRequestRow, 'userId'>): string {
    if (row.userId === null) throw signingErrors.linkClosed();
    return row.userId;
  }

  /**
   * The document a site link signs while the link works (ADR 0066): the link belongs to the
   * document, so it opens whichever version is current, as long as that can be signed (ready, not a
   * template, not withdrawn) and the owner has not withdrawn the code.
   */
  async currentSiteDocument(link: SiteSignOnLinkRow): Promise<SignableDocument | null> {
    if (link.revokedAt) return null;
    return this.sourceOf(link.documentKind).currentForOwner(this.db, link.businessId, link.documentId);
  }

  /** The business's open site link of `document`, whatever version it was first shown for (ADR 0066). */
  liveSiteLink(businessId: string, document: SignableDocument) {
    return signingRepo.activeSiteLink(this.db, businessId, document.kind, document.id);
  }

  /**
   * Takes the document's row lock (the one every save takes first) and checks, inside the signing
   * transaction, that the version still has the content the signer was shown (ADR 0022).
   */
  async lockUnchanged(
    tx: Queryable,
    kind: SignableDocumentKind,
    documentId: string,
    version: number,
    expected: { fingerprint: string; changed: () => AppError; mustBeCurrent?: boolean },
  ): Promise<void> {
    const locked = await this.sourceOf(kind).lockedVersion(tx, documentId, version);
    if (!locked) throw signingErrors.linkClosed();
    if (locked.fingerprint !== expected.fingerprint || (expected.mustBeCurrent && !locked.current)) {
      throw expected.changed();
    }
  }

  /**
   * Everyone has signed: the `signing.completed` event, the owner's mail, and each emailed signer's
   * signed copy (`signerIds`), queued in the signing transaction.
   */
  async complete(tx: Queryable, row: SignatureRequestRow, document: SignableDocument, signerIds: string[]) {
    await audit.record(tx, {
      type: 'signing.completed',
      data: { documentSha256: document.fingerprint },
      actor: { kind: 'system' },
      subject: { kind: row.documentKind, id: row.documentId },
      origin: null,
      business: row.businessId,
    });
    await this.options.events.publish(tx, {
      type: 'document.completed',
      businessId: row.businessId,
      data: documentEventData(row),
    });
    await this.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
      type: 'completed',
      requestId: row.id,
      kind: row.documentKind,
      documentId: row.documentId,
      version: row.documentVersion,
    });
    for (const requestId of signerIds) {
      await this.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, { type: 'signed_copy', requestId });
    }
  }

  async isPremium(caller: AuthenticatedCaller): Promise<boolean> {
    return (await entitlements.of(this.db, caller.businessId, this.now())).premium;
  }

  /**
   * The daily cap on people an account mails (SIGNING_RECIPIENTS_PER_DAY), counted per recipient:
   * signing links and sent documents count against the same one (ADR 0023, 0042). The cap is the
   * person's; Premium is their business's.
   */
  async limitRecipients(caller: AuthenticatedCaller, recipients: number, message: (limit: number) => string) {
    const { userId } = caller;
    const [sender, entitlement] = await Promise.all([
      businessOfMaker(this.db, caller.businessId, userId),
      entitlements.of(this.db, caller.businessId, this.now()),
    ]);
    const isNew = !sender || sender.accountCreatedAt > daysAfter(this.now(), -NEW_ACCOUNT_DAYS);
    const limit =
      isNew || !entitlement.premium ? SIGNING_RECIPIENTS_PER_DAY.newOrFree : SIGNING_RECIPIENTS_PER_DAY.established;
    await this.options.rateLimiter.enforce(
      { ...rateLimits.signingRecipientsPerUser, limit },
      limitSubject.user(userId),
      {
        weight: recipients,
        answer: () => ({ code: errorCodes.rateLimited, message: message(limit) }),
      },
    );
  }

  async recordSent(tx: Queryable, caller: AuthenticatedCaller, row: SignatureRequestRow, origin: RequestMetadata) {
    await audit.record(tx, {
      type: 'signing.sent',
      data: { signerId: row.id, documentSha256: row.fingerprintAtSend },
      actor: { kind: 'user', userId: caller.userId },
      subject: { kind: row.documentKind, id: row.documentId },
      origin,
    });
    await this.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
      type: 'invitation',
      requestId: row.id,
      reminder: false,
    });
  }

  async recordSignerEvent(
    tx: Queryable,
    row: SignatureRequestRow,
    origin: RequestMetadata | null,
    event:
      | { type: 'signing.signed'; data: { signerId: string; documentSha256: string; method: SignatureMethod } }
      | { type: 'signing.declined'; data: { signerId: string; reason: string } }
      | { type: 'signing.opened' | 'signing.expired' | 'signing.reminded'; data: { signerId: string } },
  ) {
    await audit.record(tx, {
      ...event,
      actor: origin ? { kind: 'signer' } : { kind: 'system' },
      subject: { kind: row.documentKind, id: row.documentId },
      origin,
      business: row.businessId,
    });
    if (event.type === 'signing.signed' || event.type === 'signing.declined') {
      await this.options.events.publish(tx, {
        type: event.type === 'signing.signed' ? 'document.signed' : 'document.declined',
        businessId: row.businessId,
        data: { ...documentEventData(row), signer_id: row.id },
      });
    }
  }

  async recordOpened(row: SignatureRequestRow, origin: RequestMetadata) {
    await this.db.transaction(async (tx) => {
      if (await signingRepo.markOpened(tx, row.id, this.now())) {
        await this.recordSignerEvent(tx, row, origin, { type: 'signing.opened', data: { signerId: row.id } });
      }
    });
  }

  /** The first to notice an expiry records it: the signer opening the link, or the sweep. */
  async recordExpired(row: SignatureRequestRow, origin: RequestMetadata) {
    await this.db.transaction(async (tx) => {
      if (await signingRepo.markExpiryRecorded(tx, row.id, this.now())) await this.recordExpiredEvent(tx, row, origin);
    });
  }

  recordExpiredEvent(tx: Queryable, row: SignatureRequestRow, origin: RequestMetadata | null) {
    return this.recordSignerEvent(tx, row, origin, { type: 'signing.expired', data: { signerId: row.id } });
  }

  async registerOf(ref: DocumentVersionRef): Promise<RegisterEntry[]> {
    const rows = await signingRepo.signedOn(this.db, ref);
    return Promise.all(
      rows.map(async (row) => ({
        name: row.signerName,
        company: row.signerCompany,
        role: row.signerRole,
        signedAt: row.signedAt ?? this.now(),
        signature: await this.signatureBytes(row.signatureFileId),
      })),
    );
  }

  async signatureBytes(fileId: string | null): Promise<Buffer | null> {
    if (!fileId) return null;
    const file = await this.options.storedFiles.findById(fileId);
    return file ? ((await this.options.storedFiles.readBytes(file, 'print'))?.data ?? null) : null;
  }

  /** The address a site link's QR code carries: the one place it is made (printed posters use it too). */
  async siteSignOnUrl(link: Pick<SiteSignOnLinkRow, 'id'>): Promise<string> {
    return `${this.options.publicOrigin()}/sign/${siteToken(await this.options.linkSecret(), link.id)}`;
  }

  /** The owner's view of a site link, as it stands for `document`'s current version. */
  async siteLinkView(link: SiteSignOnLinkRow, document: SignableDocument): Promise<SiteSignOnLink> {
    const url = await this.siteSignOnUrl(link);
    return {
      url,
      version: document.version,
      created_at: link.createdAt.toISOString(),
      max_sign_ons: link.maxSignOns,
      signed_on: await signingRepo.countSiteSignOns(this.db, link.id, document.version),
      qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    };
  }
}

/** What a document event says of its document: kind, id and version, never its content (ADR 0055). */
function documentEventData(row: SignatureRequestRow) {
  return { kind: row.documentKind, document_id: row.documentId, version: row.documentVersion };
}
