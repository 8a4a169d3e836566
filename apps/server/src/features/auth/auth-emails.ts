import type { EmailLinkType } from '@app/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail/mailer.ts';

const content: Record<EmailLinkType, { subject: string; intro: string; button: string; expiry: string }> = {
  signup: {
    subject: 'Confirm your TradeCert account',
    intro: 'Thanks for signing up to TradeCert. Confirm your email address to start creating certificates.',
    button: 'Confirm my email',
    expiry: 'This link works once and expires in 24 hours.',
  },
  recovery: {
    subject: 'Reset your TradeCert password',
    intro: 'Someone (hopefully you) asked to reset the password of your TradeCert account.',
    button: 'Choose a new password',
    expiry: 'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
  },
  email_change: {
    subject: 'Confirm your new TradeCert email address',
    intro:
      'Someone (hopefully you) asked to use this address for their TradeCert account. Confirm it to make the change: until then, nothing changes.',
    button: 'Confirm my new email',
    expiry: 'This link works once and expires in 24 hours. If you did not ask for it, you can ignore this email.',
  },
};

export function authEmail(type: EmailLinkType, to: string, link: string): MailMessage {
  const { subject, intro, button, expiry } = content[type];
  const text = `${intro}\n\n${button}: ${link}\n\n${expiry}\n`;
  const html = `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="color:#555">${escapeHtml(expiry)}</p>`;
  return { to, subject, text, html, link };
}

/** To the old address when a change of address is asked for (ADR 0020): it carries no link to act on. */
export function emailChangeNotice(to: string, newEmail: string): MailMessage {
  const paragraphs = [
    `Someone asked to change the email address of your TradeCert account from ${to} to ${newEmail}. The change happens only once the link we sent to ${newEmail} is opened.`,
    "If this wasn't you, reset your password now: on the TradeCert sign-in page, choose 'Forgot password?'. A new password cancels the change and signs out every other device.",
  ];
  return {
    to,
    subject: 'Your TradeCert email address is being changed',
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
