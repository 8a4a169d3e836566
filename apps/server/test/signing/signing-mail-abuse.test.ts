import { type Session, SIGNING_RECIPIENTS_PER_DAY, signingRecipientLimitMessage } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * ADR 0023: one free account once got 600 signing recipients an hour accepted, with "Your bank -
 * verify your account at https://evil.test/login" in the subject.
 */

const { database, mail, app, query } = setUpTestApp();

/** The Subject header, unfolded (long headers continue on indented lines). */
const subjectOf = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? '';
let counter = 0;
const recipients = (count: number) =>
  Array.from({ length: count }, () => ({ name: `Builder ${++counter}`, email: `builder-${counter}@example.com` }));

const send = (session: Session, swmsId: string, count: number) =>
  app.inject({
    method: 'POST',
    url: `/api/signing/documents/swms/${swmsId}/requests`,
    headers: bearer(session),
    payload: { signers: recipients(count) },
  });

/** Sends in batches of 20 until `total`, each accepted; answers the next one-recipient send. */
async function sendUpTo(session: Session, swmsId: string, total: number) {
  for (let sent = 0; sent < total; sent += 20) {
    expect((await send(session, swmsId, Math.min(20, total - sent))).statusCode).toBe(201);
  }
  return send(session, swmsId, 1);
}

describe('signing invitations cannot be used to mail strangers', () => {
  it('caps a free account at its daily number of recipients', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);
    const refused = await sendUpTo(owner, swms.id, SIGNING_RECIPIENTS_PER_DAY.newOrFree);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: signingRecipientLimitMessage(SIGNING_RECIPIENTS_PER_DAY.newOrFree),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps a new Premium account at the tighter cap, and lets an established one send more', async () => {
    const fresh = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, fresh.user.id);
    const freshSwms = await createReadySwms(app, fresh);
    expect((await sendUpTo(fresh, freshSwms.id, SIGNING_RECIPIENTS_PER_DAY.newOrFree)).statusCode).toBe(429);

    const established = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, established.user.id);
    await query(`update users set created_at = now() - interval '30 days' where id = $1`, [established.user.id]);
    const swms = await createReadySwms(app, established);
    const refused = await sendUpTo(established, swms.id, SIGNING_RECIPIENTS_PER_DAY.established);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(signingRecipientLimitMessage(SIGNING_RECIPIENTS_PER_DAY.established));
  });

  it('mails no link a sender typed: the subject holds our words, a verifiable sender and the number', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner, 'Urgent: log in at http://evil.test/reset');
    // Printed (so issued) while the profile named its issuer; the profile lost its valid ABN after.
    expect((await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers: bearer(owner) })).statusCode).toBe(200);
    await query(
      `update businesses set company_name = $2, company_abn = null where id = (select business_id from memberships where user_id = $1)`,
      [owner.user.id, 'Your bank - verify your account at https://evil.test/login'],
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/requests`,
      headers: bearer(owner),
      payload: { signers: [{ name: 'Visit www.evil.test today', email: 'target@example.com' }] },
    });
    expect(sent.statusCode).toBe(201);
    const invitation = await mail.nextMailTo('target@example.com');
    // No valid ABN on the profile: the sender is the account's confirmed address (defanged too), not the typed name.
    expect(subjectOf(invitation.raw)).toBe(
      `${owner.user.email?.replace('.com', '[.]com')} asks you to sign SWMS ${swms.number}`,
    );
    const links = [...invitation.text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).host).toBe('app.test');
    expect(invitation.text).not.toMatch(/evil\.test/);
    expect(invitation.text).toContain('log in at evil[.]test/reset');
    expect(invitation.text).toContain('Hello Visit evil[.]test today,');

    // With a valid ABN, the business name is shown beside it (defanged all the same).
    await query(
      `update businesses set company_abn = '51824753556' where id = (select business_id from memberships where user_id = $1)`,
      [owner.user.id],
    );
    const second = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/requests`,
      headers: bearer(owner),
      payload: { signers: [{ name: 'Bea Builder', email: 'second-target@example.com' }] },
    });
    expect(second.statusCode).toBe(201);
    const named = await mail.nextMailTo('second-target@example.com');
    expect(subjectOf(named.raw)).toBe(
      `Your bank - verify your account at evil[.]test/login (ABN 51 824 753 556) asks you to sign SWMS ${swms.number}`,
    );
  });
});
