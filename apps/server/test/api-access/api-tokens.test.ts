import { type ApiToken, apiAccessMessages, rateLimits, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { sha256Hex } from '../../src/platform/crypto/tokens.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { completedCertificateBody, createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { clearOfWindowEdge, untilRefused, windowOf } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * Issue 31: personal API tokens (Premium; ADR 0055). Shown once and kept as a hash; scoped to read
 * or read and write; expiring; revocable; acting as their owner only where an endpoint lets tokens
 * in, never on admin, billing, the account or token management; counted per token; in the audit trail.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let clockOffsetMs = 0;
const adminEmail = uniqueEmail('admin');
const { database, mail, app, query } = setUpTestApp(() => ({
  clock: () => new Date(Date.now() + clockOffsetMs),
  settings: { adminEmails: [adminEmail.toLowerCase()] },
}));

async function premiumUser(email?: string): Promise<Session> {
  const session = await registerConfirmedUser(app, mail, email);
  await grantPremium(database.db, session.user.id);
  return session;
}

async function createToken(
  session: Session,
  body: { name?: string; scope: 'read' | 'read_write'; expires_in_days?: 30 | 90 | 365 | null },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: bearer(session),
    payload: { name: 'Job system', expires_in_days: null, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { token: ApiToken; secret: string };
}

const withToken = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('API tokens', () => {
  it('are made by Premium only, shown once and kept only as their SHA-256', async () => {
    const free = await registerConfirmedUser(app, mail);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(free),
      payload: { name: 'Job system', scope: 'read', expires_in_days: 90 },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'premium_required', message: apiAccessMessages.premium });

    const owner = await premiumUser();
    const { token, secret } = await createToken(owner, { scope: 'read', expires_in_days: 90 });
    expect(secret).toMatch(/^tcat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Job system', scope: 'read', last_used_at: null, hint: secret.slice(5, 11) });
    expect(new Date(token.expires_at ?? 0).getTime() - Date.now()).toBeGreaterThan(89 * DAY_MS);

    const listed = await app.inject({ url: '/api/api-tokens', headers: bearer(owner) });
    expect(listed.json().tokens).toEqual([token]);
    expect(listed.body).not.toContain(secret);
    const { rows } = await query('select * from api_tokens where id = $1', [token.id]);
    expect(rows[0].token_hash).toBe(sha256Hex(secret));
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(5));
  });

  it('act as their owner: a read token reads, a read and write token also writes', async () => {
    const owner = await premiumUser();
    const certificate = await createCompletedCertificate(app, owner);
    const reader = await createToken(owner, { scope: 'read' });
    const writer = await createToken(owner, { scope: 'read_write' });

    const list = await app.inject({ url: '/api/certificates', headers: withToken(reader.secret) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(certificate);
    const profile = await app.inject({ url: '/api/profile', headers: withToken(reader.secret) });
    expect(profile.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/api/certificates', headers: withToken(reader.secret) });
    expect(head.statusCode).toBe(200);
    const pdf = await app.inject({ url: `/api/certificates/${certificate}/pdf`, headers: withToken(reader.secret) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const body = completedCertificateBody(owner);
    const readOnly = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: withToken(reader.secret),
      payload: body,
    });
    expect(readOnly.statusCode).toBe(403);
    expect(errorOf(readOnly)).toEqual({ code: 'forbidden', message: apiAccessMessages.tokenReadOnly });
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: withToken(writer.secret),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    // A profile change stays with the app: the token may read the profile, never write it.
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: withToken(writer.secret),
      payload: { company_name: 'By token' },
    });
    expect(patch.statusCode).toBe(403);
    expect(errorOf(patch).message).toBe(apiAccessMessages.tokenNotAllowed);
  });

  it("never reach another user's records", async () => {
    const alice = await premiumUser();
    const bob = await premiumUser();
    const bobsSwms = (await createReadySwms(app, bob)).id;
    const bobsCertificate = await createCompletedCertificate(app, bob);
    const { secret } = await createToken(alice, { scope: 'read_write' });
    const headers = withToken(secret);

    const swms = await app.inject({ url: `/api/swms/${bobsSwms}`, headers });
    expect(swms.statusCode).toBe(404);
    const versions = await app.inject({ url: `/api/certificates/${bobsCertificate}/versions`, headers });
    expect(versions.statusCode).toBe(404);
    const list = await app.inject({ url: '/api/certificates', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(bobsCertificate);
    const swmsList = await app.inject({ url: '/api/swms', headers });
    expect(swmsList.body).not.toContain(bobsSwms);
    const remove = await app.inject({ method: 'DELETE', url: `/api/certificates/${bobsCertificate}`, headers });
    expect(remove.statusCode).toBe(404);
    const stillThere = await app.inject({ url: `/api/certificates/${bobsCertificate}/versions`, headers: bearer(bob) });
    expect(stillThere.statusCode).toBe(200);
  });

  it('never reach admin, billing, account deletion, token or webhook management', async () => {
    const admin = await premiumUser(adminEmail);
    const { token, secret } = await createToken(admin, { scope: 'read_write' });
    const headers = withToken(secret);
    // The session itself is an admin's: the same call with it passes.
    expect((await app.inject({ url: '/api/admin/users', headers: bearer(admin) })).statusCode).toBe(200);
    const calls = [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/access' },
      { method: 'GET', url: '/api/billing/subscription' },
      { method: 'POST', url: '/api/billing/checkout', payload: { interval: 'month' } },
      { method: 'POST', url: '/api/billing/cancel' },
      { method: 'POST', url: '/api/account/delete', payload: { confirmation: 'DELETE', password: 'x' } },
      { method: 'PUT', url: '/api/auth/user', payload: { password: 'another-long-password-91' } },
      { method: 'GET', url: '/api/api-tokens' },
      {
        method: 'POST',
        url: '/api/api-tokens',
        payload: { name: 'Escalated', scope: 'read_write', expires_in_days: null },
      },
      { method: 'DELETE', url: `/api/api-tokens/${token.id}` },
      { method: 'GET', url: '/api/webhooks' },
      {
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://example.com/hook', events: ['certificate.issued'] },
      },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'forbidden', message: apiAccessMessages.tokenNotAllowed });
    }
    const { rows } = await query(
      'select count(*)::int as n from api_tokens where user_id = $1 and revoked_at is null',
      [admin.user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('stop at their expiry, at revocation, and while the owner is not Premium', async () => {
    const owner = await premiumUser();
    const monthly = await createToken(owner, { scope: 'read', expires_in_days: 30 });
    const lasting = await createToken(owner, { scope: 'read', expires_in_days: null });
    try {
      clockOffsetMs = 31 * DAY_MS;
      const expired = await app.inject({ url: '/api/profile', headers: withToken(monthly.secret) });
      expect(expired.statusCode).toBe(401);
      expect(errorOf(expired).message).toBe(apiAccessMessages.tokenExpired);
      expect((await app.inject({ url: '/api/profile', headers: withToken(lasting.secret) })).statusCode).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }

    await grantPremium(database.db, owner.user.id, new Date(Date.now() - 1000));
    const lapsed = await app.inject({ url: '/api/profile', headers: withToken(lasting.secret) });
    expect(lapsed.statusCode).toBe(403);
    expect(errorOf(lapsed)).toEqual({ code: 'premium_required', message: apiAccessMessages.premium });
    await grantPremium(database.db, owner.user.id);

    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${lasting.token.id}`,
      headers: bearer(owner),
    });
    expect(revoke.statusCode).toBe(200);
    const revoked = await app.inject({ url: '/api/profile', headers: withToken(lasting.secret) });
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked)).toEqual({ code: 'unauthorized', message: apiAccessMessages.tokenInvalid });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${lasting.token.id}`,
      headers: bearer(owner),
    });
    expect(again.statusCode).toBe(404);
    const listed = (await app.inject({ url: '/api/api-tokens', headers: bearer(owner) })).json().tokens as ApiToken[];
    expect(listed.map((token) => token.id)).toEqual([monthly.token.id]);
  });

  it('are revoked only by their owner, and a made-up one is refused', async () => {
    const owner = await premiumUser();
    const stranger = await premiumUser();
    const { token, secret } = await createToken(owner, { scope: 'read' });
    const theirs = await app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${token.id}`,
      headers: bearer(stranger),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/profile', headers: withToken(secret) })).statusCode).toBe(200);
    const madeUp = await app.inject({ url: '/api/profile', headers: withToken(`tcat_${'A'.repeat(43)}`) });
    expect(madeUp.statusCode).toBe(401);
  });

  it('record making, first use and revoking in the audit trail, and when each was last used', async () => {
    const owner = await premiumUser();
    const { token, secret } = await createToken(owner, { scope: 'read' });
    for (let use = 0; use < 3; use++) {
      expect((await app.inject({ url: '/api/profile', headers: withToken(secret) })).statusCode).toBe(200);
    }
    const listed = (await app.inject({ url: '/api/api-tokens', headers: bearer(owner) })).json().tokens as ApiToken[];
    expect(listed[0]?.last_used_at).not.toBeNull();
    await app.inject({ method: 'DELETE', url: `/api/api-tokens/${token.id}`, headers: bearer(owner) });
    const events = await audit.forSubject(database.db, { kind: 'user', id: owner.user.id });
    const tokenEvents = events.filter((event) => event.type.startsWith('api_token.'));
    expect(tokenEvents.map((event) => [event.type, event.data])).toEqual([
      ['api_token.created', { tokenId: token.id }],
      ['api_token.first_used', { tokenId: token.id }],
      ['api_token.revoked', { tokenId: token.id }],
    ]);
    expect(tokenEvents.every((event) => event.actor.kind === 'user')).toBe(true);
  });

  it('are rate-limited per token, with Retry-After', async () => {
    const owner = await premiumUser();
    const busy = await createToken(owner, { scope: 'read' });
    const other = await createToken(owner, { scope: 'read' });
    const { refused } = await untilRefused(rateLimits.apiTokenRequests, () =>
      app.inject({ url: '/api/profile', headers: withToken(busy.secret) }),
    );
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same owner, and the owner's session, are counted apart.
    expect((await app.inject({ url: '/api/profile', headers: withToken(other.secret) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/profile', headers: bearer(owner) })).statusCode).toBe(200);
  });

  it('admit no more than the rate when a burst comes at once', async () => {
    const rule = rateLimits.apiTokenRequests;
    const owner = await premiumUser();
    // The window is fixed: a burst that straddled its edge would be counted in two, so it is sent
    // clear of the edge, and sent again with a fresh token in the rare run that still straddled it.
    for (let round = 0; ; round++) {
      const { secret } = await createToken(owner, { scope: 'read' });
      await clearOfWindowEdge(rule, 10_000);
      const window = windowOf(rule);
      const statuses = (
        await Promise.all(
          Array.from({ length: rule.limit + 60 }, () =>
            app.inject({ url: '/api/profile', headers: withToken(secret) }),
          ),
        )
      ).map((response) => response.statusCode);
      if (windowOf(rule) !== window && round < 2) continue;
      expect(statuses.filter((status) => status === 200)).toHaveLength(rule.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(60);
      return;
    }
  });

  it('record the first use once when the first requests come at once', async () => {
    const owner = await premiumUser();
    const { token, secret } = await createToken(owner, { scope: 'read' });
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await app.inject({ url: '/api/profile', headers: withToken(secret) })).statusCode,
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    const events = await audit.forSubject(database.db, { kind: 'user', id: owner.user.id });
    expect(events.filter((event) => event.type === 'api_token.first_used').map((event) => event.data)).toEqual([
      { tokenId: token.id },
    ]);
  });
});
