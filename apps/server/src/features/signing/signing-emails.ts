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
 * number, never a title: an account cannot turn it into a phishing mail (ADR 0023).
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

/** The owner's news that one signer signed (the last signature sends signingCompletedEmail instead). */
export function signerSignedEmail(to: string, label: string, signerName: string, link: string): MailMessage {
  const documentLabel = plainMailText(label, 160);
  const signer = plainMailText(signerName, 80);
  return mail({
    to,
    subject: `${signer} signed ${documentLabel}`,
    paragraphs: [`${signer} signed ${documentLabel}. You will get another email when everyone has signed.`],
    button: { label: 'Open the document', link },
  });
}

/** The owner's news that a signer declined, with the reason they gave. */
export function signerDeclinedEmail(
  to: string,
  label: string,
  signerName: string,
  reason: string,
  link: string,
): MailMessage {
  const documentLabel = plainMailText(label, 160);
  const signer = plainMailText(signerName, 80);
  return mail({
    to,
    subject: `${signer} declined to sign ${documentLabel}`,
    paragraphs: [
      `${signer} declined to sign ${documentLabel}.`,
      `Their reason: "${plainMailText(reason, 2000)}"`,
      'You can change the document and send it again from its page.',
    ],
    button: { label: 'Open the document', link },
  });
}

/** A signer's copy once everyone has signed: a link to the signed PDF by their own link's token. */
export function signedCopyEmail(
  to: string,
  signerName: string,
  senderName: string,
  documentKind: string,
  link: string,
) {
  const sender = plainMailText(senderName, 80);
  return mail({
    to,
    subject: `Signed copy: ${documentKind} from ${sender}`,
    paragraphs: [
      `Hello ${plainMailText(signerName, 80)},`,
      `Everyone has signed ${documentKind} from ${sender}. Keep this copy: the PDF ends with the signature certificate (who signed, when, and the document's fingerprint).`,
    ],
    button: { label: 'Download the signed PDF', link },
  });
}

export type SentDocument = {
  to: string;
  recipientName: string;
  senderName: string;
  /** What it is, in our words and numbering, e.g. "Certificate of compliance WPC-2026-0001". */
  documentKind: string;
  documentTitle: string;
  message: string | null;
  link: string;
  pdf: { filename: string; bytes: Buffer } | null;
};

/**
 * A document sent to a builder (ADR 0042): their link, and the PDF attached when small enough. As
 * for invitations, the subject holds only our words, the sender and the number; the owner's message
 * is plain text with addresses defanged.
 */
export function sentDocumentEmail(sent: SentDocument): MailMessage {
  const sender = plainMailText(sent.senderName, 80);
  const title = plainMailText(sent.documentTitle, 120);
  const message = sent.message ? plainMailText(sent.message, 1000) : '';
  return {
    ...mail({
      to: sent.to,
      subject: `${sender} sent you ${sent.documentKind}`,
      paragraphs: [
        `Hello ${plainMailText(sent.recipientName, 80)},`,
        `${sender} sent you ${sent.documentKind}${title ? ` ("${title}")` : ''}.`,
        ...(message ? [`Their message: "${message}"`] : []),
        sent.pdf
          ? 'The PDF is attached. The link opens it online, where you can also check it is genuine.'
          : 'The PDF is too large to attach: open it with the link.',
      ],
      button: { label: 'Open the document', link: sent.link },
    }),
    ...(sent.pdf && {
      attachments: [{ filename: sent.pdf.filename, content: sent.pdf.bytes, contentType: 'application/pdf' }],
    }),
  };
}
