import { randomUUID } from 'node:crypto';
import {
  DECLINED_LISTED_DAYS,
  MAX_WAITING_LISTED,
  rateLimits,
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
import { audit } from '../../platform/audit/audit-trail.ts';
import { sha256Hex } from '../../platform/crypto/tokens.ts';
import { daysAfter } from '../../platform/dates.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { limitSubject } from '../../platform/rate-limit/rate-limiter.ts';
import { signedPdfOf } from './signed-pdf.ts';
import { type SignatureRequestRow, signingRepo } from './signing.repo.ts';
import { LINK_TTL_DAYS, type SignerInputs, type SigningCore } from './signing-core.ts';
import { SIGNING_EMAIL_QUEUE } from './signing-queues.ts';
import { requestToken, siteToken } from './signing-tokens.ts';
import { documentKindNames, documentView, iso, labelOf, signerView, signingErrors, stands } from './signing-views.ts';

/**
 * The owner's side of signing by link (PRODUCT.md, Signing): the panel and the dashboard's waiting
 * list, sending and resending, revoking, setting a junk site sign-on aside, the site QR code and
 * the signed PDF.
 */
export class OwnerSigning {
  constructor(private readonly core: SigningCore) {}

  async panel(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<SigningPanel> {
    const { source, document } = await this.core.ownedDocument(caller, kind, documentId);
    const rows = await signingRepo.listForDocument(this.core.db, caller.businessId, kind, document.id);
    const siteLink = source.crewSignOn ? await this.core.liveSiteLink(caller.businessId, document) : undefined;
    const now = this.core.now();
    const signedVersions = [...new Set(rows.filter(stands).map((row) => row.documentVersion))];
    return {
      document: documentView(document),
      signers: rows.map((row) => signerView(row, now)),
      site_sign_on_supported: source.crewSignOn,
      site_sign_on: siteLink ? await this.core.siteLinkView(siteLink, document) : null,
      signed_versions: signedVersions.sort((a, b) => b - a),
      needs_resend:
        rows.some((row) => row.revokedReason === 'new_version') &&
        !rows.some((row) => row.documentVersion === document.version && row.tokenHash !== null),
    };
  }

  /**
   * The dashboard's "Signatures waiting": emailed links nobody has answered yet, and declines of the
   * last DECLINED_LISTED_DAYS, across documents.
   */
  async waiting(caller: AuthenticatedCaller): Promise<WaitingSignatures> {
    const { rows, total } = await signingRepo.listWaiting(
      this.core.db,
      caller.businessId,
      MAX_WAITING_LISTED,
      this.core.now(),
      daysAfter(this.core.now(), -DECLINED_LISTED_DAYS),
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
          // Listed rows are declined, or open and unexpired.
          status: row.declinedAt ? 'declined' : row.openedAt ? 'opened' : 'pending',
          sent_at: iso(row.lastSentAt),
          expires_at: row.expiresAt.toISOString(),
          declined_at: iso(row.declinedAt),
          decline_reason: row.declineReason,
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
    const { document } = await this.core.documentToIssue(caller, kind, documentId);
    await this.core.limitRecipients(caller, signers.length, signingRecipientLimitMessage);
    const secret = await this.core.options.linkSecret();
    const sentAt = this.core.now();
    const expiresAt = daysAfter(sentAt, LINK_TTL_DAYS);
    const rows = await this.core.db.transaction(async (tx) => {
      const inserted = await signingRepo.insertRequests(
        tx,
        signers.map((signer) => {
          const id = randomUUID();
          return {
            ...this.core.handedOutVersion(caller, document, id),
            fingerprintAtSend: document.fingerprint,
            signerName: signer.name,
            signerEmail: signer.email.toLowerCase(),
            signerRole: signer.role || null,
            signerCompany: signer.company || null,
            tokenHash: sha256Hex(requestToken(secret, id)),
            expiresAt,
            lastSentAt: sentAt,
          };
        }),
      );
      for (const row of inserted) {
        await this.core.recordSent(tx, caller, row, origin);
      }
      await this.core.issued(tx, document, caller);
      return inserted;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return rows.map((row) => signerView(row, sentAt));
  }

  async resend(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    const existing = await signingRepo.findOwned(this.core.db, caller.businessId, requestId);
    if (!existing || existing.tokenHash === null) throw signingErrors.requestNotFound();
    await this.core.options.rateLimiter.enforce(
      rateLimits.signingResendPerRequest,
      limitSubject.of('request', requestId),
    );
    const sentAt = this.core.now();
    const row = await this.core.db.transaction(async (tx) => {
      const resent = await signingRepo.markResent(
        tx,
        caller.businessId,
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
      const revoked = await signingRepo.revoke(tx, caller.businessId, requestId, this.core.now());
      if (!revoked) {
        if (await signingRepo.findOwned(tx, caller.businessId, requestId)) throw signingErrors.linkClosed();
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
    const rows = await signingRepo.listForDocument(this.core.db, caller.businessId, kind, current.id);
    const version = requestedVersion ?? rows.find(stands)?.documentVersion ?? current.version;
    const document = version === current.version ? current : await source.version(this.core.db, current.id, version);
    if (!document) throw signingErrors.notFound();
    return signedPdfOf(this.core, document, caller.businessId, { owner: true });
  }

  async openSiteSignOn(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    maxSignOns = SITE_SIGN_ON_DEFAULT_LIMIT,
  ): Promise<SiteSignOnLink> {
    const { source, document } = await this.core.documentToIssue(caller, kind, documentId);
    if (!source.crewSignOn) throw signingErrors.noCrewSignOn();
    const existing = await this.core.liveSiteLink(caller.businessId, document);
    if (existing) return this.core.siteLinkView(existing, document);
    const secret = await this.core.options.linkSecret();
    const id = randomUUID();
    const link = await this.core.db.transaction(async (tx) => {
      const opened = await signingRepo.insertSiteLink(tx, {
        ...this.core.handedOutVersion(caller, document, id),
        tokenHash: sha256Hex(siteToken(secret, id)),
        fingerprint: document.fingerprint,
        maxSignOns,
      });
      await this.core.issued(tx, document, caller);
      return opened;
    });
    return this.core.siteLinkView(link, document);
  }

  /**
   * The site board (PRODUCT.md, SWMS): the live crew QR code's link, as the panel shows it, on the
   * document's A4 poster. Nothing is opened here: with no live code there is nothing to print.
   */
  async siteBoard(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<PdfFile> {
    const { source, document } = await this.core.ownedDocument(caller, kind, documentId);
    if (!source.siteBoardPdf) throw signingErrors.noCrewSignOn();
    const link = await this.core.liveSiteLink(caller.businessId, document);
    if (!link) throw signingErrors.noCrewQrCode();
    return {
      bytes: await source.siteBoardPdf(document, await this.core.siteSignOnUrl(link)),
      filename: `${document.number || document.kind}-site-board.pdf`,
    };
  }

  /**
   * Sets a junk site sign-on aside (ADR 0022): it leaves the register, the signed PDF's register and
   * the count against the QR code's cap; the row and its audit events stay.
   */
  async setAside(caller: AuthenticatedCaller, requestId: string, origin: RequestMetadata): Promise<SignerView> {
    const row = await this.core.db.transaction(async (tx) => {
      const setAside = await signingRepo.setAside(tx, caller.businessId, requestId, this.core.now());
      if (!setAside) throw signingErrors.requestNotFound();
      await recordOwnerEvent(tx, caller, setAside, 'signing.set_aside', origin);
      return setAside;
    });
    return signerView(row, this.core.now());
  }

  async revokeSiteSignOn(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<void> {
    const { document } = await this.core.ownedDocument(caller, kind, documentId);
    await signingRepo.revokeSiteLinks(this.core.db, caller.businessId, kind, document.id, this.core.now());
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
