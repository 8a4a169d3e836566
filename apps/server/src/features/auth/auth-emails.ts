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
