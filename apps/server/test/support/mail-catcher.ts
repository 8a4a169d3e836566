import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer, type Mailer } from '../../src/platform/mail/mailer.ts';

export type CaughtMail = { to: string[]; raw: string; text: string };

export type MailCatcher = {
  /** A real SMTP mailer pointed at this listener. */
  mailer: Mailer;
  /** This listener as an SMTP_URL, for a server started as a process of its own. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the next (or an already caught, not yet taken) mail to `to`. */
  nextMailTo: (to: string, timeoutMs?: number) => Promise<CaughtMail>;
  /** The first link in the mail matching `pathPattern`. */
  linkIn: (mail: CaughtMail, pathPattern: RegExp) => URL;
  close: () => Promise<void>;
};

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in a raw mail. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP listener (smtp-server) on a free port that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'TradeCert <no-reply@tradecert.test>'),
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMailTo(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = messages.find((message) => !taken.has(message) && message.to.includes(to));
          if (!mail) return;
          taken.add(mail);
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    linkIn(mail, pathPattern) {
      const links = mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
      const link = links.find((candidate) => pathPattern.test(new URL(candidate).pathname));
      if (!link) throw new Error(`no link matching ${pathPattern} in mail:\n${mail.text}`);
      return new URL(link.replace(/&amp;/g, '&'));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
