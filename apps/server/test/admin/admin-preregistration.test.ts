import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, pkcePair, registerConfirmedUser, signIn, uniqueEmail } from '../support/auth-helpers.ts';

/*
 * ADR 0024: a stranger once signed up admin@… with their own password; when the real admin
 * clicked the unsolicited "Confirm your account" mail, the stranger could sign in as admin.
 */

const adminEmail = uniqueEmail('admin');
const legacyAdminEmail = uniqueEmail('legacy-admin');
const strangerPassword = 'stranger-chose-this-9271';
const ownersPassword = 'harbour-lantern-owner-5518';

const { database, mail, app } = setUpTestApp({
  settings: { adminEmails: [adminEmail.toLowerCase(), legacyAdminEmail.toLowerCase()] },
});

const adminAccess = async (accessToken: string) =>
  (await app.inject({ url: '/api/admin/access', headers: { authorization: `Bearer ${accessToken}` } })).json();

describe('an admin address signed up by a stranger', () => {
  it('gives the stranger nothing: the owner who opens the mail chooses the password, and only then is admin', async () => {
    // The stranger signs up in their own browser: they hold the verifier, not the mailbox.
    const stranger = pkcePair();
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: adminEmail, password: strangerPassword, code_challenge: stranger.challenge },
    });
    expect(signUp.statusCode).toBe(201);
    const code = mail.linkIn(await mail.nextMailTo(adminEmail), /^\/auth\/callback$/).searchParams.get('code');

    // The real admin opens the unsolicited mail on their own device: no verifier there.
    const opened = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { type: 'signup', auth_code: code },
    });
    expect(opened.statusCode).toBe(200);
    const ownerSession = opened.json().session;
    expect(ownerSession.recovery).toBe(true);

    // Until the owner chooses a password, the stranger's does nothing, and the account is not admin.
    expect((await signIn(app, adminEmail, strangerPassword)).statusCode).toBe(400);
    expect(await adminAccess(ownerSession.access_token)).toEqual({ is_admin: false });
    expect(
      (await app.inject({ url: '/api/admin/users', headers: { authorization: `Bearer ${ownerSession.access_token}` } }))
        .statusCode,
    ).toBe(403);
    // The stranger's verifier is of no use either: the code is spent.
    const exchange = await app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { auth_code: code, code_verifier: stranger.verifier },
    });
    expect(exchange.statusCode).toBe(400);

    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${ownerSession.access_token}` },
      payload: { password: ownersPassword },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await signIn(app, adminEmail, strangerPassword)).statusCode).toBe(400);
    const owner = await signIn(app, adminEmail, ownersPassword);
    expect(owner.statusCode).toBe(200);
    expect(await adminAccess(owner.json().access_token)).toEqual({ is_admin: true });
  });

  it('keeps an account from before this rule out of admin until its owner sets a password by mail', async () => {
    const session = await registerConfirmedUser(app, mail, legacyAdminEmail);
    // Confirmed under the old rule: nothing shows who set its password.
    await database.db.$client.query('update users set password_proven_at = null where id = $1', [session.user.id]);
    expect(await adminAccess(session.access_token)).toEqual({ is_admin: false });

    const asked = await app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: legacyAdminEmail } });
    expect(asked.statusCode).toBe(200);
    const tokenHash = mail
      .linkIn(await mail.nextMailTo(legacyAdminEmail), /^\/auth\/confirm$/)
      .searchParams.get('token_hash');
    const recovery = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { type: 'recovery', token_hash: tokenHash },
    });
    const recoverySession = recovery.json().session;
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/auth/user',
          headers: bearer(recoverySession),
          payload: { password: ownersPassword },
        })
      ).statusCode,
    ).toBe(200);
    expect(await adminAccess(recoverySession.access_token)).toEqual({ is_admin: true });
  });
});
