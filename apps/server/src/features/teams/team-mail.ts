import { INVITATION_LIFETIME_DAYS, type InvitableRole } from '@app/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail/mailer.ts';

/** The queue that mails invitation links (after the request's transaction commits, ADR 0077). */
export const TEAM_INVITATION_QUEUE = 'team-invitation';
/** The link is minted by the worker, so none is ever live before it is mailed (as auth's links). */
export type TeamInvitationJob = { invitationId: string };

const roleWords: Record<InvitableRole, string> = {
  office: 'office staff: you can run the records and the field crew',
  field: 'field crew: you can make certificates and SWMS on site',
};

export function invitationMail(
  to: string,
  invite: { inviterName: string; businessName: string; role: InvitableRole },
  link: string,
): MailMessage {
  const subject = `${invite.inviterName} invited you to join ${invite.businessName} on TradeCert`.slice(0, 200);
  const intro = `${invite.inviterName} invited you to join ${invite.businessName} on TradeCert as ${roleWords[invite.role]}.`;
  const how = `Open the link and sign in, or sign up, with this address (${to}) to accept.`;
  const expiry = `The link works once and lasts ${INVITATION_LIFETIME_DAYS} days. If you were not expecting it, you can ignore this email.`;
  const button = 'Accept the invitation';
  const text = `${intro}\n\n${how}\n\n${button}: ${link}\n\n${expiry}\n`;
  const html = `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="color:#555">${escapeHtml(expiry)}</p>`;
  return { to, subject, text, html, link };
}
