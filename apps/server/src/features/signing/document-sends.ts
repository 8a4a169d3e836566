import { randomUUID } from 'node:crypto';
import {
  type DocumentSend,
  type DocumentSends as DocumentSendList,
  errorCodes,
  MAX_SENDS_LISTED,
  rateLimits,
  SEND_ATTACHMENT_MAX_BYTES,
  SEND_MESSAGE_PREMIUM_MESSAGE,
  type SendDocumentInput,
  type SignableDocumentKind,
  sendRecipientLimitMessage,
} from '@app/contract';
import { hmacToken, sha256Hex } from '../../platform/crypto/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { limitSubject } from '../../platform/rate-limit/rate-limiter.ts';
import { type DocumentSendRow, documentSendsRepo } from './document-sends.repo.ts';
import type { SigningCore } from './signing-core.ts';
import { sentDocumentEmail } from './signing-emails.ts';
import { SIGNING_EMAIL_QUEUE, type SigningEmailJob } from './signing-queues.ts';
import { documentKindNames, iso, senderIdentity } from './signing-views.ts';

/** A sent document's link token, derived from its row id as signing links are (ADR 0017): stored only hashed. */
const sendToken = (secret: string, id: string) => hmacToken(secret, `document-send:${id}`);

const sentLinkNotFound = () =>
  new AppError(
    404,
    errorCodes.notFound,
    'This link is not valid. Check that it is complete, or ask the sender for a new one.',
  );

/**
 * Sending a document to a builder (PRODUCT.md, Sending a document; ADR 0042): the current version
 * of anything that can be sent for signing, mailed with a link of the recipient's own and the PDF
 * when small enough; the first open of the link is recorded. Counts against the account's daily
 * recipients, as signing links do. Sending issues the version, as sending it for signing does (ADR 0088).
 */
export class DocumentSends {
  constructor(private readonly core: SigningCore) {}

  async list(caller: AuthenticatedCaller, kind: SignableDocumentKind, documentId: string): Promise<DocumentSendList> {
    const { document } = await this.core.ownedDocument(caller, kind, documentId);
    const rows = await documentSendsRepo.listForDocument(
      this.core.db,
      caller.businessId,
      kind,
      document.id,
      MAX_SENDS_LISTED,
    );
    return { sends: rows.map(sendView) };
  }

  async send(
    caller: AuthenticatedCaller,
    kind: SignableDocumentKind,
    documentId: string,
    input: SendDocumentInput,
  ): Promise<DocumentSend> {
    const { document } = await this.core.documentToIssue(caller, kind, documentId);
    const message = input.message?.trim() || null;
    // A free account's mail carries no text of its own (PRODUCT.md, Sending a document): no relay.
    if (message && !(await this.core.isPremium(caller))) {
      throw new AppError(403, errorCodes.premiumRequired, SEND_MESSAGE_PREMIUM_MESSAGE, [
        { path: 'message', message: SEND_MESSAGE_PREMIUM_MESSAGE },
      ]);
    }
    await this.core.limitRecipients(caller, 1, sendRecipientLimitMessage);
    const id = randomUUID();
    const secret = await this.core.options.linkSecret();
    const row = await this.core.db.transaction(async (tx) => {
      const inserted = await documentSendsRepo.insert(tx, {
        ...this.core.handedOutVersion(caller, document, id),
        recipientEmail: input.email.trim().toLowerCase(),
        recipientName: input.name.trim(),
        message,
        tokenHash: sha256Hex(sendToken(secret, id)),
        createdAt: this.core.now(),
      });
      await this.core.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
        type: 'document_send',
        sendId: id,
      });
      await this.core.issued(tx, document, caller);
      return inserted;
    });
    this.core.options.jobs.wake(SIGNING_EMAIL_QUEUE);
    return sendView(row);
  }

  /**
   * The recipient opens their link: the first open is recorded (later ones change nothing), then
   * they go to the document: a certificate's public page of that version, else its PDF.
   */
  async open(token: string, origin: RequestMetadata): Promise<string> {
    const row = await this.resolve(token, origin);
    await documentSendsRepo.markOpened(this.core.db, row.id, this.core.now());
    const { documentKind, documentId, documentVersion } = row;
    return documentKind === 'certificate'
      ? `/certificates/${documentId}?version=${documentVersion}`
      : `/api/sent/${encodeURIComponent(token)}/pdf`;
  }

  async pdf(token: string, origin: RequestMetadata): Promise<PdfFile> {
    const row = await this.resolve(token, origin);
    const document = await this.core.versionOf(row.documentKind, row.documentId, row.documentVersion);
    if (!document) throw sentLinkNotFound();
    return {
      bytes: await this.core
        .sourceOf(document.kind)
        .pdf(this.core.db, document, await this.core.registerOf(this.core.refOf(document))),
      filename: `${document.number || document.kind}-v${document.version}.pdf`,
    };
  }

  /** The mail job: the link, and the PDF attached when it is at most SEND_ATTACHMENT_MAX_BYTES. */
  async deliver(sendId: string): Promise<void> {
    const row = await documentSendsRepo.findById(this.core.db, sendId);
    if (!row) return;
    const [document, sender] = await Promise.all([
      this.core.versionOf(row.documentKind, row.documentId, row.documentVersion),
      this.core.senderOf(row),
    ]);
    if (!document || !sender) return;
    const bytes = await this.core
      .sourceOf(document.kind)
      .pdf(this.core.db, document, await this.core.registerOf(this.core.refOf(document)));
    const attached = bytes.length <= SEND_ATTACHMENT_MAX_BYTES;
    const kindName = documentKindNames[document.kind];
    await this.core.options.mailer.send(
      sentDocumentEmail({
        to: row.recipientEmail,
        recipientName: row.recipientName,
        senderName: senderIdentity(sender),
        documentKind: document.number ? `${kindName} ${document.number}` : kindName,
        documentTitle: document.title,
        message: row.message,
        link: `${this.core.options.publicOrigin()}/api/sent/${sendToken(await this.core.options.linkSecret(), row.id)}`,
        pdf: attached ? { filename: `${document.number || document.kind}-v${document.version}.pdf`, bytes } : null,
      }),
    );
    await documentSendsRepo.markMailed(this.core.db, row.id, attached);
  }

  /** By the token's SHA-256 on the unique index; misses count against the caller's IP, as for signing links. */
  private async resolve(token: string, origin: RequestMetadata): Promise<DocumentSendRow> {
    const row = await documentSendsRepo.findByTokenHash(this.core.db, sha256Hex(token));
    if (row) return row;
    await this.core.options.rateLimiter.enforce(rateLimits.signLinkMissPerIp, limitSubject.ip(origin.ip));
    throw sentLinkNotFound();
  }
}

const sendView = (row: DocumentSendRow): DocumentSend => ({
  id: row.id,
  recipient_email: row.recipientEmail,
  recipient_name: row.recipientName,
  document_version: row.documentVersion,
  sent_at: row.createdAt.toISOString(),
  opened_at: iso(row.openedAt),
  attached: row.attached,
});
