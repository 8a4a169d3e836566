import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

const POLL_MS = 100;

/**
 * Undoes quoted-printable encoding (soft line breaks and =XX escapes): nodemailer wraps long
 * lines, which splits links in two and writes `=` as `=3D`.
 */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const recipientOf = (message: string) => /^To:\s*(.+)$/im.exec(message)?.[1]?.trim().toLowerCase() ?? '';

/**
 * Waits for the newest mail to `to` written to the outbox after `since` (ms since the epoch) and
 * returns the emailed auth link as an app path, e.g. `/auth/callback?code=…&type=signup`.
 *
 * Only the path is kept: the server builds links from PUBLIC_URL (unset here, so they point at
 * localhost:<port>), while the browser must open them on the test's origin, which holds the PKCE
 * verifier in its localStorage.
 */
export function waitForEmailLink(to: string, options: { since: number; timeoutMs?: number }): Promise<string> {
  return waitForMailLink(to, /https?:\/\/[^\s"'<>]+\/auth\/(?:callback|confirm)\?[^\s"'<>]+/, options);
}

/** The same for an invitation to join a business (/invite/<token>) mailed to `to`. */
export function waitForInvitationLink(to: string, options: { since: number; timeoutMs?: number }): Promise<string> {
  return waitForMailLink(to, /https?:\/\/[^\s"'<>]+\/invite\/[A-Za-z0-9_-]+/, options);
}

/** The same for a signing link (/sign/<token>) mailed to `to`. */
export function waitForSigningLink(to: string, options: { since: number; timeoutMs?: number }): Promise<string> {
  return waitForMailLink(to, /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]+/, options);
}

async function waitForMailLink(
  to: string,
  linkPattern: RegExp,
  options: { since: number; timeoutMs?: number },
): Promise<string> {
  const { file, message } = await waitForOutboxMail(to, () => true, options, 'arrived');
  const link = linkPattern.exec(message)?.[0];
  if (!link) throw new Error(`The mail ${file} to ${to} has no link matching ${linkPattern}`);
  const url = new URL(link.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}

/**
 * Waits for a mail to `to` written to the outbox after `since` whose text holds `containing`, and
 * answers its decoded text (e.g. the owner's "… signed …" notification).
 */
export async function waitForMail(
  to: string,
  containing: string,
  options: { since: number; timeoutMs?: number },
): Promise<string> {
  const found = await waitForOutboxMail(
    to,
    (message) => message.includes(containing),
    options,
    `holding "${containing}" arrived`,
  );
  return found.message;
}

/** The newest mail to `to` written to the outbox after `since` that `matches`, decoded, polling until `timeoutMs`. */
async function waitForOutboxMail(
  to: string,
  matches: (message: string) => boolean,
  { since, timeoutMs = 10_000 }: { since: number; timeoutMs?: number },
  what: string,
): Promise<{ file: string; message: string }> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    // Files are named `<Date.now()>-<message id>.eml`: newest first by name.
    const candidates = files
      .filter((file) => file.endsWith('.eml') && Number.parseInt(file, 10) >= since)
      .sort()
      .reverse();
    for (const file of candidates) {
      const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
      if (recipientOf(message).includes(to.toLowerCase()) && matches(message)) return { file, message };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`No mail to ${to} ${what} in the outbox within ${timeoutMs} ms`);
}

/** The link to a sent document (/api/sent/<token>) mailed to `to`, as an app path. */
export function waitForSentLink(to: string, options: { since: number; timeoutMs?: number }): Promise<string> {
  return waitForMailLink(to, /https?:\/\/[^\s"'<>]+\/api\/sent\/[A-Za-z0-9_-]+/, options);
}
