import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  errorCodes,
  formatAbn,
  isUuid,
  isValidAbn,
  MAX_SIGNATURE_PNG_BYTES,
  MAX_WAITING_LISTED,
  NEW_ACCOUNT_DAYS,
  rateLimits,
  SIGNING_RECIPIENTS_PER_DAY,
  SITE_SIGN_ON_DEFAULT_LIMIT,
  type SignableDocumentKind,
  type SignableDocumentView,
  type SignerStatus,
  type SignerView,
  type SigningPanel,
  type SignPage,
  type SignPageState,
  type SiteSignOnLink,
  signingMessages,
  signingRecipientLimitMessage,
  type WaitingSignature,
  type WaitingSignatures,
} from '@app/contract';
import QRCode from 'qrcode';
import type { Database, Queryable } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { hmacToken, sha256Hex } from '../../platform/crypto/tokens.ts';
import type {
  RegisterEntry,
  SignableDocument,
  SignableDocumentSource,
} from '../../platform/documents/signable-source.ts';
import type { DocumentVersionRef } from '../../platform/documents/signatures.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue, QueueSettings } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PdfRenderer } from '../../platform/pdf/render-pool.ts';
import { limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { type CertifiedSigner, type SignatureCertificate, signedPdfJob } from './signature-certificate-pdf.ts';
import { type SignatureRequestRow, type SiteSignOnLinkRow, signingRepo } from './signing.repo.ts';
import { signingCompletedEmail, signingInvitationEmail } from './signing-emails.ts';

export const SIGNING_EMAIL_QUEUE = 'signing-email';
export type SigningEmailJob =
  | { type: 'invitation'; requestId: string; reminder: boolean }
  | { type: 'completed'; userId: string; kind: SignableDocumentKind; documentId: string; version: number };

/** Reminders and expiries are found by a sweep every 10 minutes (UTC cron), once across instances. */
export const SIGNING_SWEEP_QUEUE = 'signing-sweep';
export const SIGNING_SWEEP_CRON = '*/10 * * * *';
export const signingSweepQueueSettings: QueueSettings = { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 };
/** Rows one sweep takes at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

const LINK_TTL_DAYS = 14;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DAY_MS = 86_400_000;

export type SignerInputs = Array<{ name: string; email: string; role?: string | null | undefined }>;
export type SignInput = { name: string; company?: string | null | undefined; signature_png: string };

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
  /** Joins a document and its signature certificate off the request thread. */
  pdfRenderer: PdfRenderer;
};

const errors = {
  notFound: () => new AppError(404, errorCodes.notFound, 'Document not found.'),
  requestNotFound: () => new AppError(404, errorCodes.notFound, 'Signature request not found.'),
  badToken: () => new AppError(404, errorCodes.notFound, signingMessages.notFound),
  linkClosed: () => new AppError(409, errorCodes.conflict, signingMessages.linkClosed),
  documentChanged: () => new AppError(409, errorCodes.conflict, signingMessages.documentChanged),
  siteSignOnFull: () => new AppError(409, errorCodes.conflict, signingMessages.siteSignOnFull),
  noCrewSignOn: () =>
    new AppError(409, errorCodes.conflict, 'Site sign-on is only for documents workers sign at the site.'),
  validation: (path: string, message: string) =>
    new AppError(400, errorCodes.validationFailed, message, [{ path, message }]),
};

/** Status from the timestamps (ADR 0015/0017): the first that applies of this order. */
function signerStatusOf(row: SignatureRequestRow, now: Date): SignerStatus {
  if (row.signedAt) return 'signed';
  if (row.declinedAt) return 'declined';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  if (row.openedAt) return 'opened';
  return 'pending';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function signerView(row: SignatureRequestRow, now: Date): SignerView {
  return {
    id: row.id,
    name: row.signerName,
    email: row.signerEmail,
    role: row.signerRole,
    company: row.signerCompany,
    document_version: row.documentVersion,
    status: signerStatusOf(row, now),
    on_site: row.siteLinkId !== null,
    sent_at: iso(row.lastSentAt),
    opened_at: iso(row.openedAt),
    signed_at: iso(row.signedAt),
    declined_at: iso(row.declinedAt),
    decline_reason: row.declineReason,
    revoked_at: iso(row.revokedAt),
    revoked_reason: row.revokedReason,
    expires_at: row.expiresAt.toISOString(),
    set_aside_at: iso(row.setAsideAt),
  };
}

/** A signature that stands: given and not set aside (the rule of platform/documents/signatures.ts). */
const stands = (row: SignatureRequestRow) => row.signedAt !== null && row.setAsideAt === null;

const documentView = (document: SignableDocument): SignableDocumentView => ({
  kind: document.kind,
  id: document.id,
  number: document.number,
  title: document.title,
  version: document.version,
  fingerprint: document.fingerprint,
});

const refOf = (row: { documentKind: SignableDocumentKind; documentId: string; documentVersion: number }) => ({
  kind: row.documentKind,
  documentId: row.documentId,
  version: row.documentVersion,
});

/** What a document is called when it can no longer be read (deleted since it was sent). */
const documentKindNames: Record<SignableDocumentKind, string> = {
  certificate: 'Certificate of compliance',
  swms: 'SWMS',
  cover_sheet: 'SWMS cover sheet',
};

/**
 * Who a signing mail says it is from (issue 20): a business name only beside a valid ABN, which a
 * builder can look up on the ABN register; else the account's confirmed address. No network lookup
 * of the register is made here (ADR 0023).
 */
const senderIdentity = (sender: { companyName: string | null; companyAbn: string | null; email: string }) =>
  sender.companyName && sender.companyAbn && isValidAbn(sender.companyAbn)
    ? `${sender.companyName} (ABN ${formatAbn(sender.companyAbn)})`
    : sender.email;

const labelOf = (document: SignableDocument) =>
  document.number ? `${document.title} ${document.number}` : document.title;

/** What a token resolved to: a named signer's request, or a site sign-on QR link. */
type Resolved = { request: SignatureRequestRow; link?: undefined } | { link: SiteSignOnLinkRow; request?: undefined };

/**
 * Signing by link (PRODUCT.md, Signing; ADR 0017): owners send document versions to signers and
 * follow them; signers read, sign or decline with nothing but their token.
 */
export class SigningService {
  private readonly sources: ReadonlyMap<SignableDocumentKind, SignableDocumentSource>;

  constructor(private readonly options: SigningOptions) {
    this.sources = new Map(options.sources.map((source) => [source.kind, source]));
  }

  private get db() {
    return this.options.db;
  }

  // ---- the owner ----

  async panel(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<SigningPanel> {
    const { source, document } = await this.ownedDocument(caller, kind, documentId);
    const rows = await signingRepo.listForDocument(this.db, caller.userId, kind, document.id);
    const siteLink = source.crewSignOn ? await this.liveSiteLink(caller.userId, document) : undefined;
    const now = new Date();
    const signedVersions = [...new Set(rows.filter(stands).map((row) => row.documentVersion))];
    return {
      document: documentView(document),
      signers: rows.map((row) => signerView(row, now)),
      site_sign_on_supported: source.crewSignOn,
      site_sign_on: siteLink ? await this.siteLinkView(siteLink) : null,
      signed_versions: signedVersions.sort((a, b) => b - a),
      needs_resend:
        rows.some((row) => row.revokedReason === 'new_version') &&
        !rows.some((row) => row.documentVersion === document.version && row.tokenHash !== null),
    };
  }

  /** The dashboard's "Signatures waiting": emailed links nobody has answered yet, across documents. */
  async waiting(caller: AuthenticatedCaller): Promise<WaitingSignatures> {
    const { rows, total } = await signingRepo.listWaiting(this.db, caller.userId, MAX_WAITING_LISTED);
    const items = await Promise.all(
      rows.map(async (row): Promise<WaitingSignature> => {
        const source = this.sourceOf(row.documentKind);
        const document = await source.version(this.db, row.documentId, row.documentVersion);
        return {
          request_id: row.id,
          document_kind: row.documentKind,
          document_id: row.documentId,
          document_label: document ? labelOf(document) : documentKindNames[row.documentKind],
          document_path: source.ownerPath(row.documentId),
          signer_name: row.signerName,
          // Listed rows are open and unexpired, so the status is one of these two.
          status: row.openedAt ? 'opened' : 'pending',
          sent_at: iso(row.lastSentAt),
          expires_at: row.expiresAt.toISOString(),
        };
      }),
    );
    return { items, total };
  }

  async send(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    signers: SignerInputs,
    origin: RequestMetadata,
  ): Promise<SignerView[]> {
    const { document } = await this.ownedDocument(caller, kind, documentId);
    await this.limitRecipients(caller.userId, signers.length);
    const secret = await this.options.linkSecret();
    const expiresAt = new Date(Date.now() + LINK_TTL_DAYS * DAY_MS);
    const rows = await this.db.transaction(async (tx) => {
      const inserted = await signingRepo.insertRequests(
        tx,
        signers.map((signer) => {
          const id = randomUUID();
          return {
            id,
            userId: caller.userId,
            documentKind: document.kind,
            documentId: document.id,
            documentVersion: document.version,
            fingerprintAtSend: document.fingerprint,
            signerName: signer.name,
            signerEmail: signer.email.toLowerCase(),
            signerRole: signer.role || null,
            tokenHash: sha256Hex(requestToken(secret, id)),
            expiresAt,
            lastSentAt: new Date(),
          };
        }),
      );
      for (const row of inserted) {
        await this.recordSent(tx, caller, row, origin);
      }
      return inserted;
    });
    this.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    const now = new Date();
    return rows.map((row) => signerView(row, now));
  }

  async resend(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    if (!isUuid(requestId)) throw errors.requestNotFound();
    const existing = await signingRepo.findOwned(this.db, caller.userId, requestId);
    if (!existing || existing.tokenHash === null) throw errors.requestNotFound();
    await this.options.rateLimiter.enforce(rateLimits.signingResendPerRequest, limitSubject.of('request', requestId));
    const row = await this.db.transaction(async (tx) => {
      const resent = await signingRepo.markResent(
        tx,
        caller.userId,
        requestId,
        new Date(Date.now() + LINK_TTL_DAYS * DAY_MS),
      );
      if (!resent) throw errors.linkClosed();
      await this.recordSent(tx, caller, resent, origin);
      return resent;
    });
    this.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return signerView(row, new Date());
  }

  async revoke(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    if (!isUuid(requestId)) throw errors.requestNotFound();
    const row = await this.db.transaction(async (tx) => {
      const revoked = await signingRepo.revoke(tx, caller.userId, requestId);
      if (!revoked) {
        if (await signingRepo.findOwned(tx, caller.userId, requestId)) throw errors.linkClosed();
        throw errors.requestNotFound();
      }
      await recordOwnerEvent(tx, caller, revoked, 'signing.revoked', origin);
      return revoked;
    });
    return signerView(row, new Date());
  }

  /** The document at `version` (the newest signed one unless given), then its signature certificate. */
  async signedPdf(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    requestedVersion: number | undefined,
  ): Promise<{ pdf: Buffer; filename: string }> {
    const { source, document: current } = await this.ownedDocument(caller, kind, documentId);
    const rows = await signingRepo.listForDocument(this.db, caller.userId, kind, current.id);
    const version = requestedVersion ?? rows.find(stands)?.documentVersion ?? current.version;
    const document = version === current.version ? current : await source.version(this.db, current.id, version);
    if (!document) throw errors.notFound();
    const ref = this.refOf(document);
    const requests = await signingRepo.requestsOf(this.db, ref);
    const signatures = new Map<string, Buffer | null>(
      await Promise.all(requests.map(async (row) => [row.id, await this.signatureBytes(row.signatureFileId)] as const)),
    );
    const register: RegisterEntry[] = requests.filter(stands).map((row) => ({
      name: row.signerName,
      company: row.signerCompany,
      role: row.signerRole,
      signedAt: row.signedAt ?? new Date(),
      signature: signatures.get(row.id) ?? null,
    }));
    const documentPdf = await source.pdf(this.db, document, register);
    const certificate = await this.signatureCertificate(document, requests, signatures);
    return {
      pdf: await this.options.pdfRenderer.render(
        signedPdfJob,
        { document: documentPdf, certificate },
        { owner: caller.userId },
      ),
      filename: `${document.number || document.kind}-v${document.version}-signed.pdf`,
    };
  }

  async openSiteSignOn(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    maxSignOns = SITE_SIGN_ON_DEFAULT_LIMIT,
  ): Promise<SiteSignOnLink> {
    const { source, document } = await this.ownedDocument(caller, kind, documentId);
    if (!source.crewSignOn) throw errors.noCrewSignOn();
    const existing = await this.liveSiteLink(caller.userId, document);
    if (existing) return this.siteLinkView(existing);
    const secret = await this.options.linkSecret();
    const id = randomUUID();
    const link = await signingRepo.insertSiteLink(this.db, {
      id,
      userId: caller.userId,
      documentKind: document.kind,
      documentId: document.id,
      documentVersion: document.version,
      tokenHash: sha256Hex(siteToken(secret, id)),
      fingerprint: document.fingerprint,
      maxSignOns,
    });
    return this.siteLinkView(link);
  }

  /**
   * Sets a junk site sign-on aside (issue 20): it leaves the register, the signed PDF's register and
   * the count against the QR code's cap; the row and its audit events stay.
   */
  async setAside(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    if (!isUuid(requestId)) throw errors.requestNotFound();
    const row = await this.db.transaction(async (tx) => {
      const setAside = await signingRepo.setAside(tx, caller.userId, requestId);
      if (!setAside) throw errors.requestNotFound();
      await recordOwnerEvent(tx, caller, setAside, 'signing.set_aside', origin);
      return setAside;
    });
    return signerView(row, new Date());
  }

  async revokeSiteSignOn(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<void> {
    const { document } = await this.ownedDocument(caller, kind, documentId);
    await signingRepo.revokeSiteLinks(this.db, caller.userId, kind, document.id);
  }

  // ---- the signer, by token ----

  async page(token: string, origin: RequestMetadata): Promise<SignPage> {
    const resolved = await this.resolve(token, origin);
    if (resolved.link) {
      const { link } = resolved;
      const sender = await this.senderName(link.userId);
      const current = await this.currentSiteDocument(link);
      const document = current ?? (await this.versionOf(link.documentKind, link.documentId, link.documentVersion));
      if (!document) throw errors.badToken();
      const full = current !== null && (await signingRepo.countSiteSignOns(this.db, link.id)) >= link.maxSignOns;
      return {
        state: current ? (full ? 'site_full' : 'open') : 'site_closed',
        mode: 'site',
        company_name: sender,
        document: documentView(document),
        signer_name: null,
        expires_at: null,
        signed_at: null,
        declined_at: null,
      };
    }
    const { request } = resolved;
    const document = await this.versionOf(request.documentKind, request.documentId, request.documentVersion);
    if (!document) throw errors.badToken();
    const state = requestState(request, document, new Date());
    if (state === 'open' || state === 'document_changed') await this.recordOpened(request, origin);
    if (state === 'expired') await this.recordExpired(request, origin);
    return {
      state,
      mode: 'link',
      company_name: await this.senderName(request.userId),
      document: documentView(document),
      signer_name: request.signerName,
      expires_at: request.expiresAt.toISOString(),
      signed_at: iso(request.signedAt),
      declined_at: iso(request.declinedAt),
    };
  }

  async pdf(token: string, origin: RequestMetadata): Promise<{ pdf: Buffer; filename: string }> {
    const resolved = await this.resolve(token, origin);
    const row = resolved.request ?? resolved.link;
    const document = resolved.link
      ? await this.currentSiteDocument(resolved.link)
      : await this.versionOf(row.documentKind, row.documentId, row.documentVersion);
    const readable =
      resolved.link !== undefined ||
      ['open', 'document_changed', 'signed', 'declined'].includes(
        document ? requestState(resolved.request, document, new Date()) : 'revoked',
      );
    if (!document || !readable) throw errors.linkClosed();
    const source = this.sourceOf(document.kind);
    const register = await this.registerOf(this.refOf(document));
    return {
      pdf: await source.pdf(this.db, document, register),
      filename: `${document.number || document.kind}-v${document.version}.pdf`,
    };
  }

  async sign(token: string, input: SignInput, origin: RequestMetadata): Promise<{ state: SignPageState; at: string }> {
    const resolved = await this.resolve(token, origin);
    const png = signaturePng(input.signature_png);
    if (resolved.link) return this.signOnSite(resolved.link, input, png, origin);
    const { request } = resolved;
    const document = await this.versionOf(request.documentKind, request.documentId, request.documentVersion);
    if (!document) throw errors.linkClosed();
    const state = requestState(request, document, new Date());
    if (state === 'document_changed') throw errors.documentChanged();
    if (state !== 'open') throw errors.linkClosed();
    const file = await this.options.storedFiles.saveImage(request.userId, 'signer_signature', png);
    const signed = await this.db.transaction(async (tx) => {
      // Under the lock a save takes: the version is still what the link was sent with, or nothing is signed.
      await this.lockUnchanged(tx, request.documentKind, request.documentId, request.documentVersion, {
        fingerprint: request.fingerprintAtSend,
        changed: errors.documentChanged,
      });
      const version = await signingRepo.lockEmailedRequestsOf(tx, refOf(request));
      const row = await signingRepo.sign(tx, request.id, {
        signerName: input.name,
        signerCompany: request.signerCompany,
        signatureFileId: file.id,
        fingerprintAtSign: document.fingerprint,
      });
      if (!row) throw errors.linkClosed();
      await this.recordSignerEvent(tx, row, origin, {
        type: 'signing.signed',
        data: { signerId: row.id, documentSha256: document.fingerprint },
      });
      const outstanding = version.filter((other) => other.id !== row.id && !other.revokedAt && !other.signedAt);
      if (outstanding.length === 0) await this.complete(tx, row, document);
      return row;
    });
    this.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return { state: 'signed', at: (signed.signedAt ?? new Date()).toISOString() };
  }

  async decline(token: string, reason: string, origin: RequestMetadata): Promise<{ state: SignPageState; at: string }> {
    const resolved = await this.resolve(token, origin);
    if (!resolved.request) throw errors.linkClosed();
    const declined = await this.db.transaction(async (tx) => {
      const row = await signingRepo.decline(tx, resolved.request.id, reason);
      if (!row) throw errors.linkClosed();
      await this.recordSignerEvent(tx, row, origin, {
        type: 'signing.declined',
        data: { signerId: row.id, reason },
      });
      return row;
    });
    return { state: 'declined', at: (declined.declinedAt ?? new Date()).toISOString() };
  }

  // ---- jobs ----

  /** The sweep (cron): records expiries, and queues the one automatic reminder of each link due one. */
  async sweep(): Promise<{ reminded: number; expired: number }> {
    return this.db.transaction(async (tx) => {
      const expired = await signingRepo.claimNewlyExpired(tx, SWEEP_BATCH);
      for (const row of expired) await this.recordExpiredEvent(tx, row, null);
      const due = await signingRepo.claimDueReminders(tx, this.options.reminderDays, SWEEP_BATCH);
      for (const row of due) {
        await this.recordSignerEvent(tx, row, null, { type: 'signing.reminded', data: { signerId: row.id } });
        await this.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
          type: 'invitation',
          requestId: row.id,
          reminder: true,
        });
      }
      return { reminded: due.length, expired: expired.length };
    });
  }

  async deliverEmail(job: SigningEmailJob): Promise<void> {
    if (job.type === 'completed') {
      const sender = await signingRepo.sender(this.db, job.userId);
      const document = await this.versionOf(job.kind, job.documentId, job.version);
      if (!sender || !document) return;
      const link = `${this.options.publicOrigin()}${this.sourceOf(job.kind).ownerPath(job.documentId)}`;
      await this.options.mailer.send(signingCompletedEmail(sender.email, labelOf(document), link));
      return;
    }
    const request = await signingRepo.findById(this.db, job.requestId);
    // A link signed, declined, revoked or expired before its mail went out is not sent.
    const status = request && signerStatusOf(request, new Date());
    if (!request?.signerEmail || (status !== 'pending' && status !== 'opened')) return;
    const document = await this.versionOf(request.documentKind, request.documentId, request.documentVersion);
    const sender = await signingRepo.sender(this.db, request.userId);
    if (!document || !sender) return;
    const secret = await this.options.linkSecret();
    await this.options.mailer.send(
      signingInvitationEmail({
        to: request.signerEmail,
        signerName: request.signerName,
        senderName: senderIdentity(sender),
        documentKind: document.number
          ? `${documentKindNames[document.kind]} ${document.number}`
          : documentKindNames[document.kind],
        documentTitle: document.title,
        link: `${this.options.publicOrigin()}/sign/${requestToken(secret, request.id)}`,
        expiresOn: new Intl.DateTimeFormat('en-AU', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: sender.timeZone ?? DEFAULT_TIME_ZONE,
        }).format(request.expiresAt),
        reminder: job.reminder,
      }),
    );
  }

  // ---- helpers ----

  private sourceOf(kind: SignableDocumentKind): SignableDocumentSource {
    const source = this.sources.get(kind);
    if (!source) throw errors.notFound();
    return source;
  }

  private async ownedDocument(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string) {
    const source = this.sourceOf(kind);
    const document = isUuid(documentId) ? await source.currentForOwner(this.db, caller.userId, documentId) : null;
    if (!document) throw errors.notFound();
    return { source, document };
  }

  private versionOf(kind: SignableDocumentKind, documentId: string, version: number) {
    return this.sourceOf(kind).version(this.db, documentId, version);
  }

  private refOf(document: SignableDocument): DocumentVersionRef {
    return { kind: document.kind, documentId: document.id, version: document.version };
  }

  /**
   * Looks the token up by its SHA-256 in both tables, always both: a hit and a miss cost the same
   * queries, and the comparison is on the hash, so timing tells nothing about how close a guess
   * was. Misses count against the caller's IP.
   */
  private async resolve(token: string, origin: RequestMetadata): Promise<Resolved> {
    const tokenHash = sha256Hex(token);
    const [request, link] = await Promise.all([
      signingRepo.findByTokenHash(this.db, tokenHash),
      signingRepo.findSiteLinkByTokenHash(this.db, tokenHash),
    ]);
    if (request) return { request };
    if (link) return { link };
    await this.options.rateLimiter.enforce(rateLimits.signLinkMissPerIp, limitSubject.ip(origin.ip));
    throw errors.badToken();
  }

  /** The daily cap on people mailed a signing link (SIGNING_RECIPIENTS_PER_DAY), counted per recipient. */
  private async limitRecipients(userId: string, recipients: number) {
    const [sender, entitlement] = await Promise.all([
      signingRepo.sender(this.db, userId),
      entitlements.of(this.db, userId),
    ]);
    const isNew = !sender || Date.now() - sender.accountCreatedAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
    const limit =
      isNew || !entitlement.premium ? SIGNING_RECIPIENTS_PER_DAY.newOrFree : SIGNING_RECIPIENTS_PER_DAY.established;
    await this.options.rateLimiter.enforce(
      { ...rateLimits.signingRecipientsPerUser, limit },
      limitSubject.user(userId),
      {
        weight: recipients,
        answer: () => ({ code: errorCodes.rateLimited, message: signingRecipientLimitMessage(limit) }),
      },
    );
  }

  private async senderName(userId: string): Promise<string> {
    const sender = await signingRepo.sender(this.db, userId);
    return sender?.companyName || 'the sender';
  }

  /**
   * The document a site link signs, if the link still works: not revoked, its version current and
   * unchanged (an unsigned version is rewritten by an edit: the crew would sign what they did not read).
   */
  private async currentSiteDocument(link: SiteSignOnLinkRow): Promise<SignableDocument | null> {
    if (link.revokedAt) return null;
    const current = await this.sourceOf(link.documentKind).currentForOwner(this.db, link.userId, link.documentId);
    return current?.version === link.documentVersion && current.fingerprint === link.fingerprint ? current : null;
  }

  /** The owner's site link that still works for `document` as it is now, if one is open. */
  private async liveSiteLink(userId: string, document: SignableDocument) {
    const link = await signingRepo.activeSiteLink(this.db, userId, this.refOf(document));
    return link?.fingerprint === document.fingerprint ? link : undefined;
  }

  private async signOnSite(
    link: SiteSignOnLinkRow,
    input: SignInput,
    png: Buffer,
    origin: RequestMetadata,
  ): Promise<{ state: SignPageState; at: string }> {
    const company = input.company?.trim();
    if (!company) throw errors.validation('company', 'Enter the company you work for.');
    await this.options.rateLimiter.enforce(rateLimits.siteSignOnPerIp, limitSubject.ip(origin.ip));
    await this.options.rateLimiter.enforce(rateLimits.siteSignOnPerLink, limitSubject.of('link', link.id));
    const document = await this.currentSiteDocument(link);
    if (!document) throw errors.linkClosed();
    const file = await this.options.storedFiles.saveImage(link.userId, 'signer_signature', png);
    const row = await this.db.transaction(async (tx) => {
      await this.lockUnchanged(tx, link.documentKind, link.documentId, link.documentVersion, {
        fingerprint: link.fingerprint,
        changed: errors.linkClosed,
        mustBeCurrent: true,
      });
      await signingRepo.lockSiteLink(tx, link.id);
      if ((await signingRepo.countSiteSignOns(tx, link.id)) >= link.maxSignOns) throw errors.siteSignOnFull();
      const [inserted] = await signingRepo.insertRequests(tx, [
        {
          userId: link.userId,
          documentKind: link.documentKind,
          documentId: link.documentId,
          documentVersion: link.documentVersion,
          fingerprintAtSend: link.fingerprint,
          fingerprintAtSign: document.fingerprint,
          signerName: input.name,
          signerCompany: company,
          expiresAt: new Date(),
          openedAt: new Date(),
          signedAt: new Date(),
          signatureFileId: file.id,
          siteLinkId: link.id,
        },
      ]);
      if (!inserted) throw new Error('site sign-on insert returned nothing');
      await this.recordSignerEvent(tx, inserted, origin, {
        type: 'signing.signed',
        data: { signerId: inserted.id, documentSha256: document.fingerprint },
      });
      return inserted;
    });
    return { state: 'signed', at: (row.signedAt ?? new Date()).toISOString() };
  }

  /**
   * Takes the document's row lock (the one every save takes first) and checks, inside the signing
   * transaction, that the version still has the content the signer was shown (issue 20, item 2).
   */
  private async lockUnchanged(
    tx: Queryable,
    kind: SignableDocumentKind,
    documentId: string,
    version: number,
    expected: { fingerprint: string; changed: () => AppError; mustBeCurrent?: boolean },
  ): Promise<void> {
    const locked = await this.sourceOf(kind).lockedVersion(tx, documentId, version);
    if (!locked) throw errors.linkClosed();
    if (locked.fingerprint !== expected.fingerprint || (expected.mustBeCurrent && !locked.current)) {
      throw expected.changed();
    }
  }

  private async complete(tx: Queryable, row: SignatureRequestRow, document: SignableDocument) {
    await audit.record(tx, {
      type: 'signing.completed',
      data: { documentSha256: document.fingerprint },
      actor: { kind: 'system' },
      subject: { kind: row.documentKind, id: row.documentId },
      origin: null,
    });
    await this.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
      type: 'completed',
      userId: row.userId,
      kind: row.documentKind,
      documentId: row.documentId,
      version: row.documentVersion,
    });
  }

  private async recordSent(
    tx: Queryable,
    caller: AuthenticatedCaller,
    row: SignatureRequestRow,
    origin: RequestMetadata,
  ) {
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

  private async recordSignerEvent(
    tx: Queryable,
    row: SignatureRequestRow,
    origin: RequestMetadata | null,
    event:
      | { type: 'signing.signed'; data: { signerId: string; documentSha256: string } }
      | { type: 'signing.declined'; data: { signerId: string; reason: string } }
      | { type: 'signing.opened' | 'signing.expired' | 'signing.reminded'; data: { signerId: string } },
  ) {
    await audit.record(tx, {
      ...event,
      actor: origin ? { kind: 'signer' } : { kind: 'system' },
      subject: { kind: row.documentKind, id: row.documentId },
      origin,
    });
  }

  private async recordOpened(row: SignatureRequestRow, origin: RequestMetadata) {
    await this.db.transaction(async (tx) => {
      if (await signingRepo.markOpened(tx, row.id)) {
        await this.recordSignerEvent(tx, row, origin, { type: 'signing.opened', data: { signerId: row.id } });
      }
    });
  }

  /** The first to notice an expiry records it: the signer opening the link, or the sweep. */
  private async recordExpired(row: SignatureRequestRow, origin: RequestMetadata) {
    await this.db.transaction(async (tx) => {
      if (await signingRepo.markExpiryRecorded(tx, row.id)) await this.recordExpiredEvent(tx, row, origin);
    });
  }

  private recordExpiredEvent(tx: Queryable, row: SignatureRequestRow, origin: RequestMetadata | null) {
    return this.recordSignerEvent(tx, row, origin, { type: 'signing.expired', data: { signerId: row.id } });
  }

  private async registerOf(ref: DocumentVersionRef): Promise<RegisterEntry[]> {
    const rows = await signingRepo.signedOn(this.db, ref);
    return Promise.all(
      rows.map(async (row) => ({
        name: row.signerName,
        company: row.signerCompany,
        role: row.signerRole,
        signedAt: row.signedAt ?? new Date(),
        signature: await this.signatureBytes(row.signatureFileId),
      })),
    );
  }

  private async signatureBytes(fileId: string | null): Promise<Buffer | null> {
    if (!fileId) return null;
    const file = await this.options.storedFiles.findById(fileId);
    return file ? ((await this.options.storedFiles.readBytes(file, 'print'))?.data ?? null) : null;
  }

  private async siteLinkView(link: SiteSignOnLinkRow): Promise<SiteSignOnLink> {
    const url = `${this.options.publicOrigin()}/sign/${siteToken(await this.options.linkSecret(), link.id)}`;
    return {
      url,
      version: link.documentVersion,
      created_at: link.createdAt.toISOString(),
      max_sign_ons: link.maxSignOns,
      signed_on: await signingRepo.countSiteSignOns(this.db, link.id),
      qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    };
  }

  private async signatureCertificate(
    document: SignableDocument,
    requests: SignatureRequestRow[],
    signatures: ReadonlyMap<string, Buffer | null>,
  ): Promise<SignatureCertificate> {
    const names = new Map(requests.map((row) => [row.id, row.signerName]));
    const events = (await audit.forSubject(this.db, { kind: document.kind, id: document.id })).filter(
      (event) => 'signerId' in event.data && names.has(event.data.signerId),
    );
    const ipOf = (signerId: string, type: string) =>
      events.findLast((event) => event.type === type && 'signerId' in event.data && event.data.signerId === signerId)
        ?.origin?.ip ?? null;
    const time = (label: string, at: Date | null) => (at ? [`${label}: ${utc(at)}`] : []);
    const signers: CertifiedSigner[] = requests.map((row) => ({
      name: row.signerName,
      detail: [row.signerRole, row.signerCompany, row.signerEmail].filter(Boolean).join(' · ') || null,
      outcome: outcomeOf(row),
      times: [
        ...time('Sent', row.lastSentAt),
        ...time('Opened', row.openedAt),
        ...time('Signed', row.signedAt),
        ...time('Declined', row.declinedAt),
        ...time('Revoked', row.revokedAt),
        ...time('Set aside', row.setAsideAt),
      ],
      ip: ipOf(row.id, row.signedAt ? 'signing.signed' : 'signing.declined'),
      fingerprintAtSend: row.fingerprintAtSend,
      fingerprintAtSign: row.fingerprintAtSign,
      declineReason: row.declineReason,
      signature: signatures.get(row.id) ?? null,
    }));
    return {
      documentLabel: labelOf(document),
      version: document.version,
      fingerprint: document.fingerprint,
      signers,
      events: events.map((event) => [
        utc(event.occurredAt),
        event.type.replace('signing.', ''),
        'signerId' in event.data ? (names.get(event.data.signerId) ?? '') : '',
        event.origin?.ip ?? '',
        event.origin?.userAgent ?? '',
      ]),
    };
  }
}

/** What the owner did to one signer's request, in the audit trail. */
function recordOwnerEvent(
  tx: Queryable,
  caller: AuthenticatedCaller,
  row: SignatureRequestRow,
  type: 'signing.revoked' | 'signing.set_aside',
  origin: RequestMetadata,
) {
  return audit.record(tx, {
    type,
    data: { signerId: row.id },
    actor: { kind: 'user', userId: caller.userId },
    subject: { kind: row.documentKind, id: row.documentId },
    origin,
  });
}

/** What a named signer's link shows now. */
function requestState(row: SignatureRequestRow, document: SignableDocument, now: Date): SignPageState {
  const status = signerStatusOf(row, now);
  if (status === 'signed' || status === 'declined' || status === 'expired') return status;
  if (status === 'revoked') return row.revokedReason === 'new_version' ? 'new_version' : 'revoked';
  return document.fingerprint === row.fingerprintAtSend ? 'open' : 'document_changed';
}

function outcomeOf(row: SignatureRequestRow): string {
  if (row.setAsideAt) return 'signed on site, then set aside by the owner (not on the register)';
  if (row.signedAt) return row.siteLinkId ? 'signed on site' : 'signed';
  if (row.declinedAt) return 'declined';
  if (row.revokedAt) return row.revokedReason === 'new_version' ? 'voided by a new version' : 'revoked';
  return 'not signed';
}

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The links' tokens are derived from the row id with a server key (256 bits, base64url): the
 * database keeps only their SHA-256, and a mail job can rebuild the same link for a reminder
 * without any copy of the token being stored.
 */
const requestToken = (secret: string, id: string) => hmacToken(secret, `signature-request:${id}`);
const siteToken = (secret: string, id: string) => hmacToken(secret, `site-sign-on:${id}`);

/** The drawn signature: a PNG by its content, within the size bound. */
function signaturePng(base64: string): Buffer {
  const png = Buffer.from(base64, 'base64');
  if (png.length > MAX_SIGNATURE_PNG_BYTES) {
    throw new AppError(413, errorCodes.payloadTooLarge, 'The signature image is too large. Clear it and sign again.');
  }
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new AppError(415, errorCodes.unsupportedMediaType, 'The signature must be a PNG image. Sign again.');
  }
  return png;
}
