import {
  type AdminContactMessage,
  type AdminContactMessagePage,
  type contactMessageRequestSchema,
  errorCodes,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { decodeCursor, keysetPage } from '../../platform/http/list-cursor.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../../platform/mail/mailer.ts';
import { type ContactMessageRow, contactRepo } from './contact.repo.ts';

export const CONTACT_EMAIL_QUEUE = 'contact-email';
export type ContactEmailJob = { messageId: string };

type ContactDependencies = { db: Database; jobs: JobQueue; mailer: Mailer; supportEmail: string };
type ContactMessageInput = z.output<typeof contactMessageRequestSchema>;

/**
 * PRODUCT.md, Contact: a message is stored first, then mailed to support by the job queue, so a mail
 * outage loses nothing. Admins read them and mark them handled.
 */
export class ContactService {
  constructor(private readonly dependencies: ContactDependencies) {}

  /** Stores the message and queues its mail in one transaction. A filled honeypot is dropped, unseen (ADR 0019). */
  async send(input: ContactMessageInput, origin: RequestMetadata): Promise<void> {
    if (input.website) return;
    const { db, jobs } = this.dependencies;
    await db.transaction(async (tx) => {
      const messageId = await contactRepo.insert(tx, {
        name: input.name,
        email: input.email,
        company: input.company || null,
        message: input.message,
        ip: origin.ip,
      });
      await jobs.enqueue<ContactEmailJob>(tx, CONTACT_EMAIL_QUEUE, { messageId });
    });
    jobs.wake(CONTACT_EMAIL_QUEUE);
  }

  /** The queue's worker: mails the message to support once (a retry after a sent mail sends nothing). */
  async deliver(job: ContactEmailJob): Promise<void> {
    const { db, mailer, supportEmail } = this.dependencies;
    const message = await contactRepo.find(db, job.messageId);
    if (!message || message.mailedAt) return;
    await mailer.send(supportMail(message, supportEmail));
    await contactRepo.markMailed(db, message.id);
  }

  async page({ limit, cursor }: { limit: number; cursor?: string | undefined }): Promise<AdminContactMessagePage> {
    const rows = await contactRepo.page(this.dependencies.db, { after: decodeCursor(cursor), limit });
    const page = keysetPage.of(rows, limit, (row) => ({ createdAt: row.position, id: row.id }));
    return { messages: page.rows.map(toAdminView), next_cursor: page.next_cursor };
  }

  async markHandled(admin: AuthenticatedCaller, id: string): Promise<AdminContactMessage> {
    const row = await contactRepo.markHandled(this.dependencies.db, id, admin.userId);
    if (!row) throw new AppError(404, errorCodes.notFound, 'Message not found');
    return toAdminView(row);
  }
}

function supportMail(message: ContactMessageRow, supportEmail: string): MailMessage {
  const lines = [
    `From: ${message.name} <${message.email}>`,
    ...(message.company ? [`Company: ${message.company}`] : []),
    `Sent: ${message.createdAt.toISOString()}`,
    '',
    message.message,
  ];
  const text = lines.join('\n');
  return {
    to: supportEmail,
    replyTo: message.email,
    subject: `Contact form: ${message.name}`.slice(0, 200),
    text,
    html: `<pre style="font: 14px/1.5 system-ui, sans-serif; white-space: pre-wrap">${escapeHtml(text)}</pre>`,
  };
}

function toAdminView(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}
