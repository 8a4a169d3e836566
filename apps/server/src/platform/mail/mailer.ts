import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isEmailAddress } from '@app/contract';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { QueueSettings } from '../jobs/job-queue.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the mail; logged in outbox mode so it can be opened without a mail server. */
  link?: string;
  /** Where a reply goes, e.g. the sender of a contact message. */
  replyTo?: string;
  /** Files sent with the mail, e.g. a document's PDF when it is small enough (ADR 0042). */
  attachments?: MailAttachment[];
};

type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Text made safe to put inside a mail's HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every address a mail goes to or names for replies passes the contract's one address rule, here
 * too: a value that slipped past a form can never split into extra recipients (ADR 0023).
 */
function assertAddresses({ to, replyTo }: Pick<MailMessage, 'to' | 'replyTo'>): void {
  for (const address of [to, ...(replyTo === undefined ? [] : [replyTo])]) {
    if (!isEmailAddress(address)) throw new Error('refusing to mail an address that breaks the address rule');
  }
}

/** Deadlines for each stage of an SMTP conversation; a silent server fails the attempt, which is retried. */
type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };
const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** Sends through a real SMTP server (SMTP_URL). Called from the job queue, never inside a request. */
export function createSmtpMailer(smtpUrl: string, from: string, timeouts = DEFAULT_SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send({ to, subject, text, html, replyTo, attachments }) {
      assertAddresses({ to, replyTo });
      await transport.sendMail({ from, to, subject, text, html, replyTo, attachments });
    },
  };
}

/**
 * With no SMTP server configured, each mail becomes an .eml file in `directory` and its link is
 * logged, so sign-up and recovery work on a laptop with no mail server.
 */
export function createOutboxMailer(directory: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link, replyTo, attachments }) {
      assertAddresses({ to, replyTo });
      const info = await transport.sendMail({ from, to, subject, text, html, replyTo, attachments });
      // Outbox mails hold live links: readable by this user only.
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const file = path.join(directory, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ to, subject, file, link }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}

/**
 * How every mail queue is worked (auth, signing, contact): about two hours of retries (backoff from
 * 30 s), a send stuck past 2 minutes retried, and mails sent 20 at a time until the queue is empty,
 * so 400 queued mails drain in seconds, not one per poll (ADR 0023).
 */
export const mailQueueSettings = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  batchSize: 20,
} as const satisfies QueueSettings;
