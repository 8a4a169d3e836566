import { dates } from '../../platform/dates.ts';
import type { DocumentSends } from './document-sends.ts';
import { signingRepo } from './signing.repo.ts';
import type { SigningCore } from './signing-core.ts';
import {
  signedCopyEmail,
  signerDeclinedEmail,
  signerSignedEmail,
  signingCompletedEmail,
  signingInvitationEmail,
} from './signing-emails.ts';
import { SIGNING_EMAIL_QUEUE, type SigningEmailJob } from './signing-queues.ts';
import { requestToken } from './signing-tokens.ts';
import { documentKindNames, labelOf, senderIdentity, signerStatusOf } from './signing-views.ts';

/** Rows one sweep takes at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** Signing's queued work: the sweep of reminders and expiries, and the mails. */
export class SigningJobs {
  constructor(
    private readonly core: SigningCore,
    private readonly sends: DocumentSends,
  ) {}

  /** The sweep (cron): records expiries, and queues the one automatic reminder of each link due one. */
  async sweep(): Promise<{ reminded: number; expired: number }> {
    return this.core.db.transaction(async (tx) => {
      const expired = await signingRepo.claimNewlyExpired(tx, SWEEP_BATCH, this.core.now());
      for (const row of expired) await this.core.recordExpiredEvent(tx, row, null);
      const due = await signingRepo.claimDueReminders(tx, this.core.options.reminderDays, SWEEP_BATCH, this.core.now());
      for (const row of due) {
        await this.core.recordSignerEvent(tx, row, null, { type: 'signing.reminded', data: { signerId: row.id } });
        await this.core.options.jobs.enqueue<SigningEmailJob>(tx, SIGNING_EMAIL_QUEUE, {
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
      const request = await signingRepo.findById(this.core.db, job.requestId);
      const sender = request && (await this.core.senderOf(request));
      const document = await this.core.versionOf(job.kind, job.documentId, job.version);
      if (!sender || !document) return;
      const link = `${this.core.options.publicOrigin()}${this.core.sourceOf(job.kind).ownerPath(job.documentId)}`;
      await this.core.options.mailer.send(signingCompletedEmail(sender.email, labelOf(document), link));
      return;
    }
    if (job.type === 'document_send') return this.sends.deliver(job.sendId);
    if (job.type !== 'invitation') return this.deliverNews(job.type, job.requestId);
    const request = await signingRepo.findById(this.core.db, job.requestId);
    // A link signed, declined, revoked or expired before its mail went out is not sent.
    const status = request && signerStatusOf(request, this.core.now());
    if (!request?.signerEmail || (status !== 'pending' && status !== 'opened')) return;
    const document = await this.core.versionOf(request.documentKind, request.documentId, request.documentVersion);
    const sender = await this.core.senderOf(request);
    if (!document || !sender) return;
    const secret = await this.core.options.linkSecret();
    await this.core.options.mailer.send(
      signingInvitationEmail({
        to: request.signerEmail,
        signerName: request.signerName,
        senderName: senderIdentity(sender),
        documentKind: document.number
          ? `${documentKindNames[document.kind]} ${document.number}`
          : documentKindNames[document.kind],
        documentTitle: document.title,
        link: `${this.core.options.publicOrigin()}/sign/${requestToken(secret, request.id)}`,
        expiresOn: dates.long(request.expiresAt, sender.timeZone),
        reminder: job.reminder,
      }),
    );
  }

  /** The owner's news of one signer (signed, or declined with the reason), or a signer's signed copy. */
  private async deliverNews(type: 'signed' | 'declined' | 'signed_copy', requestId: string): Promise<void> {
    const request = await signingRepo.findById(this.core.db, requestId);
    if (!request) return;
    const [document, sender] = await Promise.all([
      this.core.versionOf(request.documentKind, request.documentId, request.documentVersion),
      this.core.senderOf(request),
    ]);
    if (!document || !sender) return;
    const origin = this.core.options.publicOrigin();
    if (type === 'signed_copy') {
      if (!request.signerEmail) return;
      const secret = await this.core.options.linkSecret();
      const kindName = documentKindNames[document.kind];
      await this.core.options.mailer.send(
        signedCopyEmail(
          request.signerEmail,
          request.signerName,
          senderIdentity(sender),
          document.number ? `${kindName} ${document.number}` : kindName,
          `${origin}/api/sign/${requestToken(secret, request.id)}/copy`,
        ),
      );
      return;
    }
    const link = `${origin}${this.core.sourceOf(request.documentKind).ownerPath(request.documentId)}`;
    await this.core.options.mailer.send(
      type === 'signed'
        ? signerSignedEmail(sender.email, labelOf(document), request.signerName, link)
        : signerDeclinedEmail(sender.email, labelOf(document), request.signerName, request.declineReason ?? '', link),
    );
  }
}
