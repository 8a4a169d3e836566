import type { MailMessage } from '../../platform/mail/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
  senderName: string;
  documentLabel: string;
  link: string;
  expiresOn: string;
  reminder: boolean;
};

export function signingInvitationEmail(invitation: SigningInvitation): MailMessage {
  const { senderName, documentLabel } = invitation;
  return mail({
    to: invitation.to,
    subject: `${invitation.reminder ? 'Reminder: ' : ''}${senderName} asks you to sign ${documentLabel}`,
    paragraphs: [
      `Hello ${invitation.signerName},`,
      `${senderName} asks you to read and sign ${documentLabel}. You do not need an account.`,
      `This link is yours alone and works until ${invitation.expiresOn}.`,
    ],
    button: { label: 'Read and sign', link: invitation.link },
  });
}

export function signingCompletedEmail(to: string, documentLabel: string, link: string): MailMessage {
  return mail({
    to,
    subject: `Everyone has signed ${documentLabel}`,
    paragraphs: [`Everyone you sent ${documentLabel} to has signed it. The signed PDF is on the document's page.`],
    button: { label: 'Open the document', link },
  });
}
