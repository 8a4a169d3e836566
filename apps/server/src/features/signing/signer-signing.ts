import { rateLimits, type SignerDocument, type SignPage, type SignPageState } from '@app/contract';
import { sha256Hex } from '../../platform/crypto/tokens.ts';
import type { SignableDocument } from '../../platform/documents/signable-source.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { limitSubject } from '../../platform/rate-limit/rate-limiter.ts';
import { signedPdfOf } from './signed-pdf.ts';
import { changedParts } from './signer-changes.ts';
import { type SignatureRequestRow, type SiteSignOnLinkRow, signingRepo } from './signing.repo.ts';
import type { SignInput, SigningCore } from './signing-core.ts';
import { SIGNING_EMAIL_QUEUE, type SigningEmailJob } from './signing-queues.ts';
import { signaturePng } from './signing-tokens.ts';
import { documentView, iso, refOf, requestState, signingErrors } from './signing-views.ts';

/** What a token resolved to: a named signer's request, or a site sign-on QR link. */
type Resolved = { request: SignatureRequestRow; link?: undefined } | { link: SiteSignOnLinkRow; request?: undefined };

/**
 * The signer's side (PRODUCT.md, Signing): read, download, sign or decline with nothing but a
 * token, by a named signer's link or a site sign-on QR code.
 */
export class SignerSigning {
  constructor(private readonly core: SigningCore) {}

  async page(token: string, origin: RequestMetadata): Promise<SignPage> {
    const resolved = await this.resolve(token, origin);
    if (resolved.link) {
      const { link } = resolved;
      const sender = await this.core.senderName(link);
      const current = await this.core.currentSiteDocument(link);
      const document = current ?? (await this.core.versionOf(link.documentKind, link.documentId, link.documentVersion));
      if (!document) throw signingErrors.badToken();
      const full =
        current !== null &&
        (await signingRepo.countSiteSignOns(this.core.db, link.id, current.version)) >= link.maxSignOns;
      const state = current ? (full ? 'site_full' : 'open') : 'site_closed';
      const content = await this.contentOf(state, document);
      return {
        state,
        mode: 'site',
        company_name: sender,
        document: documentView(document),
        signer_name: null,
        expires_at: null,
        signed_at: null,
        declined_at: null,
        content,
        changes_since: content && (await this.changesSince(document, content)),
      };
    }
    const { request } = resolved;
    const document = await this.core.versionOf(request.documentKind, request.documentId, request.documentVersion);
    if (!document) throw signingErrors.badToken();
    const state = requestState(request, document, this.core.now());
    if (state === 'open' || state === 'document_changed') await this.core.recordOpened(request, origin);
    if (state === 'expired') await this.core.recordExpired(request, origin);
    return {
      state,
      mode: 'link',
      company_name: await this.core.senderName(request),
      document: documentView(document),
      signer_name: request.signerName,
      expires_at: request.expiresAt.toISOString(),
      signed_at: iso(request.signedAt),
      declined_at: iso(request.declinedAt),
      content: await this.contentOf(state, document),
      changes_since: null,
    };
  }

  /**
   * For a crew at the site (ADR 0066): the newest earlier version anyone signed, and what changed
   * since, so whoever signed it signs this one again knowing what is new. Null on a first version.
   */
  private async changesSince(document: SignableDocument, content: SignerDocument): Promise<SignPage['changes_since']> {
    const earlier = await signingRepo.newestSignedVersionBefore(this.core.db, this.core.refOf(document));
    if (earlier === undefined) return null;
    const source = this.core.sourceOf(document.kind);
    const signed = await source.version(this.core.db, document.id, earlier);
    const before = signed && (await source.signerView(this.core.db, signed));
    return before ? { version: earlier, changed: changedParts(before, content) } : null;
  }

  /**
   * What the page shows of the document (ADR 0040): only while it can be signed, and only the
   * content of the version judged above (the source answers null if it changed since).
   */
  private contentOf(state: SignPageState, document: SignableDocument): Promise<SignerDocument | null> {
    return state === 'open'
      ? this.core.sourceOf(document.kind).signerView(this.core.db, document)
      : Promise.resolve(null);
  }

  async pdf(token: string, origin: RequestMetadata): Promise<PdfFile> {
    const resolved = await this.resolve(token, origin);
    const row = resolved.request ?? resolved.link;
    const document = resolved.link
      ? await this.core.currentSiteDocument(resolved.link)
      : await this.core.versionOf(row.documentKind, row.documentId, row.documentVersion);
    const readable =
      resolved.link !== undefined ||
      ['open', 'document_changed', 'signed', 'declined'].includes(
        document ? requestState(resolved.request, document, this.core.now()) : 'revoked',
      );
    if (!document || !readable) throw signingErrors.linkClosed();
    const source = this.core.sourceOf(document.kind);
    const register = await this.core.registerOf(this.core.refOf(document));
    return {
      bytes: await source.pdf(this.core.db, document, register),
      filename: `${document.number || document.kind}-v${document.version}.pdf`,
    };
  }

  /**
   * A signer's own copy of the signed PDF (ADR 0068): by a named signer's own link, as soon as they
   * signed, with the other signers' emails and IPs left out.
   */
  async signedCopy(token: string, origin: RequestMetadata): Promise<PdfFile> {
    const { request } = await this.resolve(token, origin);
    if (!request?.signedAt || request.setAsideAt || request.revokedAt) throw signingErrors.linkClosed();
    const document = await this.core.versionOf(request.documentKind, request.documentId, request.documentVersion);
    if (!document) throw signingErrors.linkClosed();
    return signedPdfOf(this.core, document, request.businessId, { signerId: request.id });
  }

  async sign(token: string, input: SignInput, origin: RequestMetadata): Promise<{ state: SignPageState; at: string }> {
    const resolved = await this.resolve(token, origin);
    const png = signaturePng(input.signature_png);
    if (resolved.link) return this.signOnSite(resolved.link, input, png, origin);
    const { request } = resolved;
    const document = await this.core.versionOf(request.documentKind, request.documentId, request.documentVersion);
    if (!document) throw signingErrors.linkClosed();
    const state = requestState(request, document, this.core.now());
    if (state === 'document_changed') throw signingErrors.documentChanged();
    if (state !== 'open') throw signingErrors.linkClosed();
    const signer = { businessId: document.businessId, userId: this.core.makerOf(request) };
    const file = await this.core.options.storedFiles.saveImage(signer, 'signer_signature', png);
    const signed = await this.core.db.transaction(async (tx) => {
      // Under the lock a save takes: the version is still what the link was sent with, or nothing is signed.
      await this.core.lockUnchanged(tx, request.documentKind, request.documentId, request.documentVersion, {
        fingerprint: request.fingerprintAtSend,
        changed: signingErrors.documentChanged,
      });
      const version = await signingRepo.lockEmailedRequestsOf(tx, refOf(request));
      const row = await signingRepo.sign(
        tx,
        request.id,
        {
          signerName: input.name,
          signerCompany: request.signerCompany,
          signatureFileId: file.id,
          signatureMethod: input.method,
          fingerprintAtSign: document.fingerprint,
        },
        this.core.now(),
      );
      if (!row) throw signingErrors.linkClosed();
      await this.core.recordSignerEvent(tx, row, origin, {
        type: 'signing.signed',
        data: { signerId: row.id, documentSha256: document.fingerprint, method: input.method },
      });
      const outstanding = version.filter((other) => other.id !== row.id && !other.revokedAt && !other.signedAt);
      if (outstanding.length === 0) {
        const signerIds = version.filter((other) => other.id === row.id || (other.signedAt && !other.revokedAt));
        await this.core.complete(
          tx,
          row,
          document,
          signerIds.map((other) => other.id),
        );
      } else {
        // The last signature sends the "everyone has signed" mail instead.
        await this.core.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
          type: 'signed',
          requestId: row.id,
        });
      }
      return row;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return { state: 'signed', at: (signed.signedAt ?? this.core.now()).toISOString() };
  }

  async decline(token: string, reason: string, origin: RequestMetadata): Promise<{ state: SignPageState; at: string }> {
    const resolved = await this.resolve(token, origin);
    if (!resolved.request) throw signingErrors.linkClosed();
    const declined = await this.core.db.transaction(async (tx) => {
      const row = await signingRepo.decline(tx, resolved.request.id, reason, this.core.now());
      if (!row) throw signingErrors.linkClosed();
      await this.core.recordSignerEvent(tx, row, origin, {
        type: 'signing.declined',
        data: { signerId: row.id, reason },
      });
      await this.core.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
        type: 'declined',
        requestId: row.id,
      });
      return row;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return { state: 'declined', at: (declined.declinedAt ?? this.core.now()).toISOString() };
  }

  /**
   * Looks the token up by its SHA-256 in both tables, always both: a hit and a miss cost the same
   * queries, and the comparison is on the hash, so timing tells nothing about how close a guess
   * was. Misses count against the caller's IP.
   */
  private async resolve(token: string, origin: RequestMetadata): Promise<Resolved> {
    const tokenHash = sha256Hex(token);
    const [request, link] = await Promise.all([
      signingRepo.findByTokenHash(this.core.db, tokenHash),
      signingRepo.findSiteLinkByTokenHash(this.core.db, tokenHash),
    ]);
    if (request) return { request };
    if (link) return { link };
    await this.core.options.rateLimiter.enforce(rateLimits.signLinkMissPerIp, limitSubject.ip(origin.ip));
    throw signingErrors.badToken();
  }

  private async signOnSite(
    link: SiteSignOnLinkRow,
    input: SignInput,
    png: Buffer,
    origin: RequestMetadata,
  ): Promise<{ state: SignPageState; at: string }> {
    const company = input.company?.trim();
    if (!company) throw signingErrors.validation('company', 'Enter the company you work for.');
    await this.core.options.rateLimiter.enforce(rateLimits.siteSignOnPerIp, limitSubject.ip(origin.ip));
    await this.core.options.rateLimiter.enforce(rateLimits.siteSignOnPerLink, limitSubject.of('link', link.id));
    const document = await this.core.currentSiteDocument(link);
    if (!document) throw signingErrors.linkClosed();
    // The code opens whichever version is current: the worker signs the one they read, or nothing.
    if (input.document_fingerprint !== document.fingerprint) throw signingErrors.siteDocumentChanged();
    const signer = { businessId: document.businessId, userId: this.core.makerOf(link) };
    const file = await this.core.options.storedFiles.saveImage(signer, 'signer_signature', png);
    const now = this.core.now();
    const row = await this.core.db.transaction(async (tx) => {
      await this.core.lockUnchanged(tx, document.kind, document.id, document.version, {
        fingerprint: document.fingerprint,
        changed: signingErrors.siteDocumentChanged,
        mustBeCurrent: true,
      });
      await signingRepo.lockSiteLink(tx, link.id);
      if ((await signingRepo.countSiteSignOns(tx, link.id, document.version)) >= link.maxSignOns) {
        throw signingErrors.siteSignOnFull();
      }
      const [inserted] = await signingRepo.insertRequests(tx, [
        {
          businessId: link.businessId,
          userId: link.userId,
          documentKind: link.documentKind,
          documentId: link.documentId,
          documentVersion: document.version,
          fingerprintAtSend: document.fingerprint,
          fingerprintAtSign: document.fingerprint,
          signerName: input.name,
          signerCompany: company,
          expiresAt: now,
          openedAt: now,
          signedAt: now,
          signatureFileId: file.id,
          signatureMethod: input.method,
          siteLinkId: link.id,
        },
      ]);
      if (!inserted) throw new Error('site sign-on insert returned nothing');
      await this.core.issued(tx, document, signer);
      // A crew sign-on opens and signs in one go: its trail has both rows, as a link signer's has.
      await this.core.recordSignerEvent(tx, inserted, origin, {
        type: 'signing.opened',
        data: { signerId: inserted.id },
      });
      await this.core.recordSignerEvent(tx, inserted, origin, {
        type: 'signing.signed',
        data: { signerId: inserted.id, documentSha256: document.fingerprint, method: input.method },
      });
      return inserted;
    });
    return { state: 'signed', at: (row.signedAt ?? now).toISOString() };
  }
}
