import { escapeHtml, type MailMessage } from '../../platform/mail/mailer.ts';
import { plainMailText } from '../../platform/mail/plain-text.ts';

type Mail = { to: string; subject: string; paragraphs: string[]; button?: { label: string; link: string } };

function mail({ to, subject, paragraphs, button }: Mail): MailMessage {
  const text = [...paragraphs, ...(button ? [`${button.label}: ${button.link}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(button
      ? [
          `<p><a href="${escapeHtml(button.link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button.label)}</a></p>`,
          `<p>Or paste this address into your browser:<br>${escapeHtml(button.link)}</p>`,
        ]
      : []),
  ].join('\n');
  return { to, subject, text: `${text}\n`, html, ...(button && { link: button.link }) };
}

export type SigningInvitation = {
  to: string;
  signerName: string;
  /** Who sends it (PRODUCT.md, Signing: the business name, with its ABN when it has a valid one). */
  senderName: string;
  /** What it is, in our words and numbering, e.g. "SWMS SWMS-2026-0001". */
  documentKind: string;
  /** The title the sender gave it: shown in the body only, as plain text. */
  documentTitle: string;
  link: string;
  expiresOn: string;
  reminder: boolean;
};

/**
 * The invitation a signer gets. Everything the sender typed is plain text with addresses defanged
 * (plainMailText), and the subject holds only our words, the sender's name and the document's
 * number, never a title: an account cannot turn it into a phishing mail (issue 20).
 */
export function signingInvitationEmail(invitation: SigningInvitation): MailMessage {
  const sender = plainMailText(invitation.senderName, 80);
  const title = plainMailText(invitation.documentTitle, 120);
  return mail({
    to: invitation.to,
    subject: `${invitation.reminder ? 'Reminder: ' : ''}${sender} asks you to sign ${invitation.documentKind}`,
    paragraphs: [
      `Hello ${plainMailText(invitation.signerName, 80)},`,
      `${sender} asks you to read and sign ${invitation.documentKind}${title ? ` ("${title}")` : ''}. You do not need an account.`,
      `This link is yours alone and works until ${invitation.expiresOn}.`,
    ],
    button: { label: 'Read and sign', link: invitation.link },
  });
}

export function signingCompletedEmail(to: string, label: string, link: string): MailMessage {
  const documentLabel = plainMailText(label, 160);
  return mail({
    to,
    subject: `Everyone has signed ${documentLabel}`,
    paragraphs: [`Everyone you sent ${documentLabel} to has signed it. The signed PDF is on the document's page.`],
    button: { label: 'Open the document', link },
  });
}
