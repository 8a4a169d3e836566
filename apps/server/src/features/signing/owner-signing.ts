import { randomUUID } from 'node:crypto';
import {
  errorCodes,
  MAX_WAITING_LISTED,
  NEW_ACCOUNT_DAYS,
  rateLimits,
  SIGNING_RECIPIENTS_PER_DAY,
  SITE_SIGN_ON_DEFAULT_LIMIT,
  type SignableDocumentKind,
  type SignerView,
  type SigningPanel,
  type SiteSignOnLink,
  signingRecipientLimitMessage,
  type WaitingSignature,
  type WaitingSignatures,
} from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { sha256Hex } from '../../platform/crypto/tokens.ts';
import { daysAfter } from '../../platform/dates.ts';
import type { RegisterEntry, SignableDocument } from '../../platform/documents/signable-source.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { limitSubject } from '../../platform/rate-limit/rate-limiter.ts';
import { type CertifiedSigner, type SignatureCertificate, signedPdfJob } from './signature-certificate-pdf.ts';
import { type SignatureRequestRow, signingRepo } from './signing.repo.ts';
import { LINK_TTL_DAYS, type SignerInputs, type SigningCore } from './signing-core.ts';
import { SIGNING_EMAIL_QUEUE } from './signing-queues.ts';
import { requestToken, siteToken } from './signing-tokens.ts';
import {
  documentKindNames,
  documentView,
  iso,
  labelOf,
  outcomeOf,
  signerView,
  signingErrors,
  stands,
  utc,
} from './signing-views.ts';

/**
 * The owner's side of signing by link (PRODUCT.md, Signing): the panel and the dashboard's waiting
 * list, sending and resending, revoking, setting a junk site sign-on aside, the site QR code and
 * the signed PDF.
 */
export class OwnerSigning {
  constructor(private readonly core: SigningCore) {}

  async panel(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<SigningPanel> {
    const { source, document } = await this.core.ownedDocument(caller, kind, documentId);
    const rows = await signingRepo.listForDocument(this.core.db, caller.userId, kind, document.id);
    const siteLink = source.crewSignOn ? await this.core.liveSiteLink(caller.userId, document) : undefined;
    const now = this.core.now();
    const signedVersions = [...new Set(rows.filter(stands).map((row) => row.documentVersion))];
    return {
      document: documentView(document),
      signers: rows.map((row) => signerView(row, now)),
      site_sign_on_supported: source.crewSignOn,
      site_sign_on: siteLink ? await this.core.siteLinkView(siteLink) : null,
      signed_versions: signedVersions.sort((a, b) => b - a),
      needs_resend:
        rows.some((row) => row.revokedReason === 'new_version') &&
        !rows.some((row) => row.documentVersion === document.version && row.tokenHash !== null),
    };
  }

  /** The dashboard's "Signatures waiting": emailed links nobody has answered yet, across documents. */
  async waiting(caller: AuthenticatedCaller): Promise<WaitingSignatures> {
    const { rows, total } = await signingRepo.listWaiting(
      this.core.db,
      caller.userId,
      MAX_WAITING_LISTED,
      this.core.now(),
    );
    const items = await Promise.all(
      rows.map(async (row): Promise<WaitingSignature> => {
        const source = this.core.sourceOf(row.documentKind);
        const document = await source.version(this.core.db, row.documentId, row.documentVersion);
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
    const { document } = await this.core.ownedDocument(caller, kind, documentId);
    await this.limitRecipients(caller.userId, signers.length);
    const secret = await this.core.options.linkSecret();
    const sentAt = this.core.now();
    const expiresAt = daysAfter(sentAt, LINK_TTL_DAYS);
    const rows = await this.core.db.transaction(async (tx) => {
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
            lastSentAt: sentAt,
          };
        }),
      );
      for (const row of inserted) {
        await this.core.recordSent(tx, caller, row, origin);
      }
      return inserted;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return rows.map((row) => signerView(row, sentAt));
  }

  async resend(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    const existing = await signingRepo.findOwned(this.core.db, caller.userId, requestId);
    if (!existing || existing.tokenHash === null) throw signingErrors.requestNotFound();
    await this.core.options.rateLimiter.enforce(
      rateLimits.signingResendPerRequest,
      limitSubject.of('request', requestId),
    );
    const sentAt = this.core.now();
    const row = await this.core.db.transaction(async (tx) => {
      const resent = await signingRepo.markResent(
        tx,
        caller.userId,
        requestId,
        sentAt,
        daysAfter(sentAt, LINK_TTL_DAYS),
      );
      if (!resent) throw signingErrors.linkClosed();
      await this.core.recordSent(tx, caller, resent, origin);
      return resent;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return signerView(row, this.core.now());
  }

  async revoke(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    const row = await this.core.db.transaction(async (tx) => {
      const revoked = await signingRepo.revoke(tx, caller.userId, requestId, this.core.now());
      if (!revoked) {
        if (await signingRepo.findOwned(tx, caller.userId, requestId)) throw signingErrors.linkClosed();
        throw signingErrors.requestNotFound();
      }
      await recordOwnerEvent(tx, caller, revoked, 'signing.revoked', origin);
      return revoked;
    });
    return signerView(row, this.core.now());
  }

  /** The document at `version` (the newest signed one unless given), then its signature certificate. */
  async signedPdf(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    requestedVersion: number | undefined,
  ): Promise<PdfFile> {
    const { source, document: current } = await this.core.ownedDocument(caller, kind, documentId);
    const rows = await signingRepo.listForDocument(this.core.db, caller.userId, kind, current.id);
    const version = requestedVersion ?? rows.find(stands)?.documentVersion ?? current.version;
    const document = version === current.version ? current : await source.version(this.core.db, current.id, version);
    if (!document) throw signingErrors.notFound();
    const ref = this.core.refOf(document);
    const requests = await signingRepo.requestsOf(this.core.db, ref);
    const signatures = new Map<string, Buffer | null>(
      await Promise.all(
        requests.map(async (row) => [row.id, await this.core.signatureBytes(row.signatureFileId)] as const),
      ),
    );
    const register: RegisterEntry[] = requests.filter(stands).map((row) => ({
      name: row.signerName,
      company: row.signerCompany,
      role: row.signerRole,
      signedAt: row.signedAt ?? this.core.now(),
      signature: signatures.get(row.id) ?? null,
    }));
    const documentPdf = await source.pdf(this.core.db, document, register);
    const certificate = await this.signatureCertificate(document, requests, signatures);
    const signed = await this.core.options.pdfRenderer.render(
      signedPdfJob,
      { document: documentPdf, certificate },
      { owner: caller.userId },
    );
    return {
      // The document's own seal does not survive the join; the whole is sealed again (ADR 0041).
      bytes: await this.core.options.pdfSeal.seal(signed, {
        kind: document.kind,
        documentId: document.id,
        version: document.version,
        fingerprint: document.fingerprint,
      }),
      filename: `${document.number || document.kind}-v${document.version}-signed.pdf`,
    };
  }

  async openSiteSignOn(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    maxSignOns = SITE_SIGN_ON_DEFAULT_LIMIT,
  ): Promise<SiteSignOnLink> {
    const { source, document } = await this.core.ownedDocument(caller, kind, documentId);
    if (!source.crewSignOn) throw signingErrors.noCrewSignOn();
    const existing = await this.core.liveSiteLink(caller.userId, document);
    if (existing) return this.core.siteLinkView(existing);
    const secret = await this.core.options.linkSecret();
    const id = randomUUID();
    const link = await signingRepo.insertSiteLink(this.core.db, {
      id,
      userId: caller.userId,
      documentKind: document.kind,
      documentId: document.id,
      documentVersion: document.version,
      tokenHash: sha256Hex(siteToken(secret, id)),
      fingerprint: document.fingerprint,
      maxSignOns,
    });
    return this.core.siteLinkView(link);
  }

  /**
   * Sets a junk site sign-on aside (issue 20): it leaves the register, the signed PDF's register and
   * the count against the QR code's cap; the row and its audit events stay.
   */
  async setAside(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    const row = await this.core.db.transaction(async (tx) => {
      const setAside = await signingRepo.setAside(tx, caller.userId, requestId, this.core.now());
      if (!setAside) throw signingErrors.requestNotFound();
      await recordOwnerEvent(tx, caller, setAside, 'signing.set_aside', origin);
      return setAside;
    });
    return signerView(row, this.core.now());
  }

  async revokeSiteSignOn(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<void> {
    const { document } = await this.core.ownedDocument(caller, kind, documentId);
    await signingRepo.revokeSiteLinks(this.core.db, caller.userId, kind, document.id, this.core.now());
  }

  /** The daily cap on people mailed a signing link (SIGNING_RECIPIENTS_PER_DAY), counted per recipient. */
  private async limitRecipients(userId: string, recipients: number) {
    const [sender, entitlement] = await Promise.all([
      businessOf(this.core.db, userId),
      entitlements.of(this.core.db, userId, this.core.now()),
    ]);
    const isNew = !sender || sender.accountCreatedAt > daysAfter(this.core.now(), -NEW_ACCOUNT_DAYS);
    const limit =
      isNew || !entitlement.premium ? SIGNING_RECIPIENTS_PER_DAY.newOrFree : SIGNING_RECIPIENTS_PER_DAY.established;
    await this.core.options.rateLimiter.enforce(
      { ...rateLimits.signingRecipientsPerUser, limit },
      limitSubject.user(userId),
      {
        weight: recipients,
        answer: () => ({ code: errorCodes.rateLimited, message: signingRecipientLimitMessage(limit) }),
      },
    );
  }

  private async signatureCertificate(
    document: SignableDocument,
    requests: SignatureRequestRow[],
    signatures: ReadonlyMap<string, Buffer | null>,
  ): Promise<SignatureCertificate> {
    const names = new Map(requests.map((row) => [row.id, row.signerName]));
    const events = (await audit.forSubject(this.core.db, { kind: document.kind, id: document.id })).filter(
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
