import { type Session, sessionSchema } from '@app/contract';
import { eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { authRepo } from '../../src/features/auth/auth.repo.ts';
import { memberships } from '../../src/platform/accounts/business.schema.ts';
import { type MemberRole, membershipOf } from '../../src/platform/accounts/memberships.ts';
import type { AuthenticatedCaller } from '../../src/platform/http/auth-context.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, signIn } from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';

/**
 * The caller's business and role (ADR 0077, ADR 0078): a session carries them in its access token,
 * read from `memberships` when it starts or refreshes; an API token gets its maker's, per request.
 */
/** The caller of the last request answered; the tests make one request at a time. */
let lastCaller: AuthenticatedCaller | undefined;

function recordCallers(on: App): App {
  on.addHook('onSend', async (request) => {
    lastCaller = request.caller;
  });
  return on;
}

const { database, mail, app, query } = setUpTestApp({}, (environment) => recordCallers(environment.app));

/** Lists certificates (an endpoint open to read-only API tokens) with `headers`: the answer and its caller. */
async function callerWith(headers: { authorization: string }, on: App = app) {
  lastCaller = undefined;
  const response = await on.inject({ url: '/api/certificates', headers });
  return { response, caller: lastCaller };
}

function claimsOf(session: Session): Record<string, unknown> {
  const payload = session.access_token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

const setRole = (userId: string, role: MemberRole) =>
  database.db.update(memberships).set({ role }).where(eq(memberships.userId, userId));

async function refreshed(session: Session): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: session.refresh_token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionSchema.parse(response.json());
}

/** A correctly signed access token for `session`'s account and session with the claims given instead. */
async function signedLike(session: Session, claims: Record<string, unknown>): Promise<{ authorization: string }> {
  const { rows } = await query(`select value from app_secrets where name = 'jwt'`);
  const { bid: _bid, member_role: _role, ...before } = claimsOf(session);
  const token = createSigner({ key: rows[0].value, algorithm: 'HS256', noTimestamp: true })({ ...before, ...claims });
  return { authorization: `Bearer ${token}` };
}

describe("a session's caller", () => {
  it('carries the business and role of its membership, in the access token', async () => {
    const session = await registerConfirmedUser(app, mail);
    const membership = await membershipOf(database.db, session.user.id);
    expect(membership.businessId).not.toBe(session.user.id);

    const response = await callerWith(bearer(session));
    expect(response.response.statusCode).toBe(200);
    expect(response.caller).toMatchObject({
      userId: session.user.id,
      businessId: membership.businessId,
      role: 'owner',
    });
    expect(claimsOf(session)).toMatchObject({
      bid: membership.businessId,
      member_role: 'owner',
      // The audience role clients may read is as before.
      role: 'authenticated',
    });
  });

  it('takes the role as it is at a refresh, not from the token it refreshes', async () => {
    const session = await registerConfirmedUser(app, mail);
    await setRole(session.user.id, 'office');
    const next = await refreshed(session);
    expect(claimsOf(next)).toMatchObject({ member_role: 'office' });
    expect((await callerWith(bearer(next))).caller).toMatchObject({ role: 'office' });
  });

  it('honours a token issued before the membership claims until it expires, reading the membership', async () => {
    const session = await registerConfirmedUser(app, mail);
    const { businessId } = await membershipOf(database.db, session.user.id);
    const response = await callerWith(await signedLike(session, {}));
    expect(response.response.statusCode).toBe(200);
    expect(response.caller).toMatchObject({ userId: session.user.id, businessId, role: 'owner' });
  });

  it('refuses a signed token whose membership claims are malformed', async () => {
    const session = await registerConfirmedUser(app, mail);
    const { businessId } = await membershipOf(database.db, session.user.id);
    for (const claims of [
      { bid: businessId, member_role: 'boss' },
      { bid: 42, member_role: 'owner' },
      { bid: businessId },
    ]) {
      const response = await callerWith(await signedLike(session, claims));
      expect(response.response.statusCode).toBe(401);
      expect(errorOf(response.response).code).toBe('unauthorized');
    }
  });

  it('after a role change with its sessions revoked: the old token is refused on another instance, a new sign-in has the new role', async () => {
    const other = recordCallers(await buildTestApp(database.db, { mailer: mail.mailer }));
    try {
      const session = await registerConfirmedUser(app, mail);
      expect((await callerWith(bearer(session), other)).caller).toMatchObject({ role: 'owner' });

      // What a role change does (ADR 0077): the role and the revocation in one transaction.
      await database.db.transaction(async (tx) => {
        await tx.update(memberships).set({ role: 'field' }).where(eq(memberships.userId, session.user.id));
        await authRepo.revokeUserSessions(tx, session.user.id);
      });
      // The NOTIFY reaches the other instance on commit; poll only to allow for its delivery.
      await expect
        .poll(async () => (await callerWith(bearer(session), other)).response.statusCode, {
          timeout: 20_000,
          interval: 5,
        })
        .toBe(401);
      const refresh = await other.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(401);

      const again = sessionSchema.parse((await signIn(other, session.user.email)).json());
      expect(claimsOf(again)).toMatchObject({ member_role: 'field' });
      expect((await callerWith(bearer(again))).caller).toMatchObject({ role: 'field' });
    } finally {
      await other.close();
    }
  });
});

describe("an API token's caller", () => {
  it("is its maker's business and role, read with the token on every request", async () => {
    const session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, session.user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(session),
      payload: { name: 'Job system', scope: 'read', expires_in_days: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const withToken = { authorization: `Bearer ${created.json().secret}` };
    const { businessId } = await membershipOf(database.db, session.user.id);

    const asOwner = await callerWith(withToken);
    expect(asOwner.response.statusCode).toBe(200);
    expect(asOwner.caller).toMatchObject({
      userId: session.user.id,
      businessId,
      role: 'owner',
      sessionId: null,
      isAdmin: false,
      apiTokenId: created.json().token.id,
    });

    await setRole(session.user.id, 'office');
    expect((await callerWith(withToken)).caller).toMatchObject({ businessId, role: 'office' });
  });
});
