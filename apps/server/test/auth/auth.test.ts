import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { authErrorCodes, authErrorMessages, type Session, sessionSchema } from '@app/contract';
import { createSigner } from 'fast-jwt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REFRESH_REUSE_SECONDS } from '../../src/features/auth/auth.service.ts';
import { mailPerEmailRule } from '../../src/features/auth/auth-mail.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import type { TrustProxy } from '../../src/platform/http/http-server.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import {
  bearer,
  GOOD_PASSWORD,
  pkcePair,
  registerConfirmedUser,
  signIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { clearOfWindowEdge } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';
import { businessIdOf } from '../support/teams.ts';

const logLines: string[] = [];
// Every log line the app writes is kept, to prove no secret ever reaches the logs.
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

const { database, mail, app, query } = setUpTestApp({ logger: pino({ level: 'trace' }, logStream) });

describe('sign-up', () => {
  it('trims and lowercases the email, stores an argon2id hash, and mails a confirmation link over SMTP', async () => {
    const email = uniqueEmail('Mixed');
    const response = await post('/api/auth/signup', { email: `  ${email.toUpperCase()}  `, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { email: email.toLowerCase() }, confirmation_sent: true });

    const { rows } = await query('select password_hash, email_confirmed_at from users where email = $1', [
      email.toLowerCase(),
    ]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].email_confirmed_at).toBeNull();

    const confirmation = await mail.nextMailTo(email.toLowerCase());
    expect(confirmation.text).toContain('Subject: Confirm your TradeCert account');
    const link = mail.linkIn(confirmation, /^\/auth\/confirm$/);
    expect(link.origin).toBe('http://app.test');
    expect(link.searchParams.get('type')).toBe('signup');
  });

  it("rejects a password under 6 characters with the contract's message", async () => {
    const response = await post('/api/auth/signup', { email: uniqueEmail(), password: 'abc12' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: 'weak_password',
      message: 'Password must be at least 6 characters long.',
    });
  });

  it('rejects a common, breached password and says what to do instead', async () => {
    const response = await post('/api/auth/signup', { email: uniqueEmail(), password: 'password123' });
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('weak_password');
    expect(error.message).toMatch(/leaked passwords/);
    expect(error.message).toMatch(/choose a different one/);
  });

  it('rejects a password the strength estimate rates weak', async () => {
    const response = await post('/api/auth/signup', { email: uniqueEmail(), password: 'abcabcabc' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/too easy to guess/);
  });

  it('refuses an email that is already registered, and creates nothing', async () => {
    const email = uniqueEmail();
    expect((await post('/api/auth/signup', { email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const again = await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).code).toBe('user_already_exists');
    expect(errorOf(again).message.toLowerCase()).toContain('already registered');
    const { rows } = await query('select count(*)::int as n from users where email = $1', [email]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an invalid email address', async () => {
    const response = await post('/api/auth/signup', { email: 'not-an-email', password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('email_address_invalid');
    expect(errorOf(response).message.toLowerCase()).toContain('invalid email');
  });

  it('refuses every sign-up when SIGNUP_DISABLED is set', async () => {
    const closed = await buildTestApp(database.db, { mailer: mail.mailer, settings: { signupDisabled: true } });
    try {
      const response = await closed.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('signup_disabled');
      expect(errorOf(response).message.toLowerCase()).toContain('signup disabled');
    } finally {
      await closed.close();
    }
  });
});

describe('email confirmation', () => {
  it('exchanges the emailed code plus verifier for a session, once', async () => {
    const email = uniqueEmail();
    const { verifier, challenge } = pkcePair();
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD, code_challenge: challenge });
    const link = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/callback$/);
    const code = link.searchParams.get('code') ?? '';

    const wrongVerifier = await post('/api/auth/exchange', { auth_code: code, code_verifier: pkcePair().verifier });
    expect(wrongVerifier.statusCode).toBe(400);

    const exchange = await post('/api/auth/exchange', { auth_code: code, code_verifier: verifier });
    expect(exchange.statusCode).toBe(200);
    const body = exchange.json();
    expect(body.type).toBe('signup');
    const session = sessionSchema.parse(body.session);
    expect(session.user.email_confirmed_at).not.toBeNull();
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(session) })).statusCode).toBe(200);

    const reused = await post('/api/auth/exchange', { auth_code: code, code_verifier: verifier });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('invalid_link');
  });

  it('confirms the email without a verifier (another device), and the mailbox owner then chooses the password', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD, code_challenge: pkcePair().challenge });
    const code = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/callback$/).searchParams.get('code');

    expect(errorOf(await signIn(app, email)).code).toBe('email_not_confirmed');
    const verify = await post('/api/auth/verify', { type: 'signup', auth_code: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ type: 'signup', email, session: { recovery: true } });
    // Whoever typed the sign-up password may not own the mailbox: it no longer signs in.
    expect(errorOf(await signIn(app, email)).code).toBe('invalid_credentials');
    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${verify.json().session.access_token}` },
      payload: { password: 'lantern-gravel-otter-92' },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await signIn(app, email, 'lantern-gravel-otter-92')).statusCode).toBe(200);
  });

  it('confirms a token-hash link from /auth/confirm, and refuses it a second time', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    const tokenHash = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/confirm$/).searchParams.get('token_hash');
    expect((await post('/api/auth/verify', { type: 'signup', token_hash: tokenHash })).statusCode).toBe(200);
    const again = await post('/api/auth/verify', { type: 'signup', token_hash: tokenHash });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('invalid_link');
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    const tokenHash = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/confirm$/).searchParams.get('token_hash');
    await query(
      `update email_links set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [email],
    );
    const response = await post('/api/auth/verify', { type: 'signup', token_hash: tokenHash });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('link_expired');
  });

  it('re-sends the confirmation, but not twice within a minute (email rate limit)', async () => {
    const email = uniqueEmail();
    await query(`insert into users (email, password_hash) values ($1, 'x')`, [email]);
    await clearOfWindowEdge(mailPerEmailRule('signup'), 15_000);
    expect((await post('/api/auth/resend', { email })).statusCode).toBe(200);
    await mail.nextMailTo(email);
    const second = await post('/api/auth/resend', { email });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(second).code).toBe('over_email_send_rate_limit');
    expect(errorOf(second).message.toLowerCase()).toContain('email rate limit');
  });

  it('answers a resend for an unknown email the same way, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const before = mail.messages.length;
    expect((await post('/api/auth/resend', { email })).json()).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.messages.length).toBe(before);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password and an unknown email with the same message', async () => {
    const session = await registerConfirmedUser(app, mail);
    const wrong = await signIn(app, session.user.email, 'not-the-password-at-all');
    const unknown = await signIn(app, uniqueEmail('ghost'));
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('refuses an unconfirmed account with "Email not confirmed"', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', { email, password: GOOD_PASSWORD });
    const response = await signIn(app, email);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message.toLowerCase()).toContain('email not confirmed');
  });

  it('rate-limits repeated attempts on one email with 429, Retry-After and "too many requests"', async () => {
    const email = uniqueEmail('target');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await signIn(app, email, 'wrong-guess-1')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const limited = await signIn(app, email, 'wrong-guess-1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited).message.toLowerCase()).toContain('too many requests');
  });
});

describe('sign-in lockout (strangers guessing from many IPs)', () => {
  const attempt = (email: string, password: string, from: { ip: string; cookie?: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: from.ip,
      headers: from.cookie ? { cookie: from.cookie } : {},
    });
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie']).split(';')[0] as string;

  it('bounds guesses across rotating IPs, yet the owner signs in from a browser they used before', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const email = owner.user.email;
    const ownerBrowser = cookieOf(await attempt(email, GOOD_PASSWORD, { ip: '10.0.0.1' }));
    expect(ownerBrowser).toMatch(/^tc_device_[0-9a-f]{16}=/);

    const guesses: number[] = [];
    for (let guess = 0; guess < 14; guess++) {
      guesses.push((await attempt(email, `wrong-guess-${guess}`, { ip: `203.0.113.${guess + 1}` })).statusCode);
    }
    expect(guesses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(guesses.slice(10).every((status) => status === 429)).toBe(true);
    // A stranger who now has the right password still gets nowhere from an unknown browser…
    expect((await attempt(email, GOOD_PASSWORD, { ip: '198.51.100.9' })).statusCode).toBe(429);
    // …nor with a forged device cookie…
    const forged = ownerBrowser.replace(/=.*$/, '=abc.def');
    expect((await attempt(email, GOOD_PASSWORD, { ip: '198.51.100.9', cookie: forged })).statusCode).toBe(429);
    // …but the owner's browser is not locked out, from any IP.
    const ownerSignIn = await attempt(email, GOOD_PASSWORD, { ip: '10.9.9.9', cookie: ownerBrowser });
    expect(ownerSignIn.statusCode).toBe(200);
    expect(cookieOf(ownerSignIn)).toBe(ownerBrowser);
  });

  it("limits a trusted browser's own wrong passwords too", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const email = owner.user.email;
    const browser = cookieOf(await attempt(email, GOOD_PASSWORD, { ip: '10.0.0.2' }));
    const statuses: number[] = [];
    for (let guess = 0; guess < 11; guess++) {
      statuses.push((await attempt(email, 'wrong-guess', { ip: '10.0.0.2', cookie: browser })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count correct passwords', async () => {
    const owner = await registerConfirmedUser(app, mail);
    for (let times = 0; times < 12; times++) {
      expect((await attempt(owner.user.email, GOOD_PASSWORD, { ip: '10.0.0.3' })).statusCode).toBe(200);
    }
  });
});

describe('client IP behind proxies (TRUST_PROXY)', () => {
  const recordedIp = async (trustProxy: TrustProxy, forwardedFor: string) => {
    const proxied = await buildTestApp(database.db, { mailer: mail.mailer, settings: { trustProxy } });
    try {
      const owner = await registerConfirmedUser(proxied, mail);
      const response = await proxied.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: owner.user.email, password: GOOD_PASSWORD },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      const { rows } = await query('select ip from auth_sessions where user_id = $1 order by created_at desc limit 1', [
        owner.user.id,
      ]);
      expect(response.statusCode).toBe(200);
      return rows[0].ip as string;
    } finally {
      await proxied.close();
    }
  };

  it('takes the address the trusted proxy saw, not one the client wrote into the header', async () => {
    // The client sends "X-Forwarded-For: 6.6.6.6"; the one proxy appends the address it saw.
    expect(await recordedIp(1, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await recordedIp(false, '6.6.6.6, 203.0.113.7')).toBe('10.0.0.1');
    expect(await recordedIp(['10.0.0.0/8'], '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // Two trusted hops: the second proxy's own address is trusted, so the first's view is used.
    expect(await recordedIp(2, '6.6.6.6, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
  });
});

describe('password change', () => {
  const changePassword = (session: Session, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(session), payload });

  it('needs the current password in a normal session, so a stolen access token cannot take over', async () => {
    const session = await registerConfirmedUser(app, mail);
    const signedIn = sessionSchema.parse((await signIn(app, session.user.email)).json());
    expect(signedIn.recovery).toBe(false);
    const missing = await changePassword(signedIn, { password: 'thief-chosen-password-77' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toEqual({
      code: authErrorCodes.currentPasswordRequired,
      message: authErrorMessages.currentPasswordRequired,
    });
    const wrong = await changePassword(signedIn, {
      password: 'thief-chosen-password-77',
      current_password: 'a-guess-at-the-old-one',
    });
    expect(errorOf(wrong).code).toBe(authErrorCodes.currentPasswordIncorrect);
    expect((await signIn(app, session.user.email)).statusCode).toBe(200);

    const newPassword = 'copper-gutter-meadow-31';
    const right = await changePassword(signedIn, { password: newPassword, current_password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await signIn(app, session.user.email, newPassword)).statusCode).toBe(200);
  });

  it('is rate-limited per user (each attempt checks a password)', async () => {
    const session = await registerConfirmedUser(app, mail);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await changePassword(session, { password: 'x', current_password: 'wrong-one' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  /** Moves a refresh token's rotation back in time, past the retry interval. */
  const ageRotation = (token: string, seconds: number) =>
    query(`update refresh_tokens set rotated_at = now() - make_interval(secs => $2) where token_hash = $1`, [
      createHash('sha256').update(token).digest('hex'),
      seconds,
    ]);

  it('rotates the refresh token, and reusing an old one after the retry interval revokes the whole session family', async () => {
    const first = await registerConfirmedUser(app, mail);
    const refreshed = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const second = sessionSchema.parse(refreshed.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(second) })).statusCode).toBe(200);

    await ageRotation(first.refresh_token, REFRESH_REUSE_SECONDS + 1);
    const reuse = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse).code).toBe('refresh_token_already_used');
    // The thief's replay ended the session for the holder of the newest tokens too.
    expect((await post('/api/auth/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(second) })).statusCode).toBe(401);
  });

  it('gives a phone that retries a refresh (lost response) the same rotated session, in parallel too', async () => {
    const session = await registerConfirmedUser(app, mail);
    const results = await Promise.all([
      post('/api/auth/refresh', { refresh_token: session.refresh_token }),
      post('/api/auth/refresh', { refresh_token: session.refresh_token }),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((response) => sessionSchema.parse(response.json()));
    expect(a?.refresh_token).toBe(b?.refresh_token);
    const retried = sessionSchema.parse(
      (await post('/api/auth/refresh', { refresh_token: session.refresh_token })).json(),
    );
    expect(retried.refresh_token).toBe(a?.refresh_token);
    // Both answers are live: the winner's session was not revoked.
    for (const answer of [a, b, retried]) {
      expect((await app.inject({ url: '/api/auth/user', headers: bearer(answer as Session) })).statusCode).toBe(200);
    }
    const next = await post('/api/auth/refresh', { refresh_token: retried.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('still detects reuse within the retry interval once the successor has itself been used', async () => {
    const session = await registerConfirmedUser(app, mail);
    const second = sessionSchema.parse(
      (await post('/api/auth/refresh', { refresh_token: session.refresh_token })).json(),
    );
    const third = sessionSchema.parse(
      (await post('/api/auth/refresh', { refresh_token: second.refresh_token })).json(),
    );
    const replay = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('refresh_token_already_used');
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(third) })).statusCode).toBe(401);
  });

  it('ends a session on another instance as soon as it is signed out here (no query per request there)', async () => {
    const other = await buildTestApp(database.db, { mailer: mail.mailer });
    try {
      const phone = await registerConfirmedUser(app, mail);
      const laptop = sessionSchema.parse((await signIn(app, phone.user.email)).json());
      expect((await other.inject({ url: '/api/auth/user', headers: bearer(laptop) })).statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(phone) });
      // The NOTIFY reaches the other instance on commit; poll only to allow for its delivery.
      await expect
        .poll(async () => (await other.inject({ url: '/api/auth/user', headers: bearer(laptop) })).statusCode, {
          timeout: 20_000,
          interval: 5,
        })
        .toBe(401);
    } finally {
      await other.close();
    }
  });

  it('learns revocations made before it started', async () => {
    const phone = await registerConfirmedUser(app, mail);
    await app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(phone) });
    const later = await buildTestApp(database.db, { mailer: mail.mailer });
    try {
      expect((await later.inject({ url: '/api/auth/user', headers: bearer(phone) })).statusCode).toBe(401);
    } finally {
      await later.close();
    }
  });

  // A pool connection's last query may be one of these probes, which name revoked_ms too: skip them.
  const isRevocationListener =
    "query like '%revoked_ms%' and query not like '%pg_stat_activity%' and pid <> pg_backend_pid()";

  it('asks the database while its revocation listener is down, so a revocation it missed still counts', async () => {
    const phone = await registerConfirmedUser(app, mail);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(phone) })).statusCode).toBe(200);
    const linesBefore = logLines.length;
    // The listener's connection is the one that loaded the recent revocations.
    await query(`select pg_terminate_backend(pid) from pg_stat_activity where ${isRevocationListener}`);
    await expect
      .poll(() => logLines.slice(linesBefore).some((line) => line.includes('listener lost its connection')), {
        timeout: 20_000,
        interval: 5,
      })
      .toBe(true);
    // Revoked by another instance whose NOTIFY this one cannot hear: only the database knows.
    await query('update auth_sessions set revoked_at = now() where user_id = $1', [phone.user.id]);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(phone) })).statusCode).toBe(401);
    // Reconnected (after a second), the listener has loaded that revocation from the database.
    await expect
      .poll(async () => (await query(`select 1 from pg_stat_activity where ${isRevocationListener}`)).rowCount, {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(1);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(phone) })).statusCode).toBe(401);
  });

  it('signs out globally: another device loses its access and refresh tokens at once', async () => {
    const phone = await registerConfirmedUser(app, mail);
    const laptop = sessionSchema.parse((await signIn(app, phone.user.email)).json());
    const signOut = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(phone) });
    expect(signOut.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(laptop) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: laptop.refresh_token })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(phone) })).statusCode).toBe(401);
  });

  it('answers a missing, tampered or expired access token with 401', async () => {
    const session = await registerConfirmedUser(app, mail);
    const missing = await app.inject({ url: '/api/profile' });
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing).message).toBe('No valid session - please log in again');

    const [header, payload, signature] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    const tampered = await app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${header}.${forgedPayload}.${signature}` },
    });
    expect(tampered.statusCode).toBe(401);
    expect(errorOf(tampered).message).toBe('Authentication error - please log in again');

    // A correctly signed token whose time is up.
    const { rows } = await query(`select value from app_secrets where name = 'jwt'`);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expiredToken = createSigner({ key: rows[0].value, algorithm: 'HS256', noTimestamp: true })({
      sub: session.user.id,
      sid: claims.sid,
      role: 'authenticated',
      iss: 'tradecert',
      aud: 'authenticated',
      iat: past - 900,
      exp: past,
    });
    const expired = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${expiredToken}` } });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('session_expired');
  });
});

describe('password recovery', () => {
  it('emails a link, sets a new password, and ends every other session', async () => {
    const original = await registerConfirmedUser(app, mail);
    const email = original.user.email;
    const { verifier, challenge } = pkcePair();
    expect((await post('/api/auth/recover', { email, code_challenge: challenge })).statusCode).toBe(200);
    const recoveryMail = await mail.nextMailTo(email);
    expect(recoveryMail.text).toContain('Subject: Reset your TradeCert password');
    const code = mail.linkIn(recoveryMail, /^\/auth\/callback$/).searchParams.get('code');

    const exchange = await post('/api/auth/exchange', { auth_code: code, code_verifier: verifier });
    expect(exchange.json().type).toBe('recovery');
    const recovery: Session = sessionSchema.parse(exchange.json().session);
    expect(recovery.recovery).toBe(true);

    const weak = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(recovery),
      payload: { password: 'short' },
    });
    expect(errorOf(weak).message).toBe('Password must be at least 6 characters long.');

    const newPassword = 'lantern-orchid-basalt-92';
    const update = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(recovery),
      payload: { password: newPassword },
    });
    expect(update.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(original) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(recovery) })).statusCode).toBe(200);
    expect((await signIn(app, email)).statusCode).toBe(400);
    expect((await signIn(app, email, newPassword)).statusCode).toBe(200);
    // The recovery session is an ordinary one now: another change needs the current password.
    const again = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(recovery),
      payload: { password: 'another-fresh-password-55' },
    });
    expect(errorOf(again).code).toBe(authErrorCodes.currentPasswordRequired);
  });

  it('refuses a PKCE recovery link opened without its verifier, and keeps it usable where it was asked for', async () => {
    const original = await registerConfirmedUser(app, mail);
    const email = original.user.email;
    const { verifier, challenge } = pkcePair();
    await post('/api/auth/recover', { email, code_challenge: challenge });
    const code = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/callback$/).searchParams.get('code') ?? '';

    for (const body of [
      { type: 'recovery', auth_code: code },
      { type: 'recovery', token_hash: code },
    ]) {
      const elsewhere = await post('/api/auth/verify', body);
      expect(elsewhere.statusCode).toBe(400);
      expect(errorOf(elsewhere)).toEqual({
        code: authErrorCodes.recoveryLinkOtherBrowser,
        message: authErrorMessages.recoveryLinkOtherBrowser,
      });
      expect(elsewhere.json()).not.toHaveProperty('session');
    }
    const here = await post('/api/auth/exchange', { auth_code: code, code_verifier: verifier });
    expect(here.statusCode).toBe(200);
    expect(here.json().session.recovery).toBe(true);
  });

  it('still signs in from a recovery link that was asked for without PKCE (token-hash link)', async () => {
    const original = await registerConfirmedUser(app, mail);
    await post('/api/auth/recover', { email: original.user.email });
    const link = mail.linkIn(await mail.nextMailTo(original.user.email), /^\/auth\/confirm$/);
    const verified = await post('/api/auth/verify', {
      type: 'recovery',
      token_hash: link.searchParams.get('token_hash'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().session.recovery).toBe(true);
  });

  it('answers a recovery request for an unknown email with 200 and sends nothing', async () => {
    const before = mail.messages.length;
    expect((await post('/api/auth/recover', { email: uniqueEmail('nobody') })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.messages.length).toBe(before);
  });
});

describe('profile record', () => {
  it('creates a missing profile on first load: onboarding not done, no materials, free tier', async () => {
    const session = await registerConfirmedUser(app, mail);
    await query('delete from profiles where id = $1', [session.user.id]);
    const response = await app.inject({ url: '/api/profile', headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: session.user.id,
      onboarding_completed: false,
      common_materials: [],
      subscription_tier: 'free',
      subscription_end_date: null,
    });
  });

  it('is premium only when the subscriber record is marked subscribed', async () => {
    const session = await registerConfirmedUser(app, mail);
    await entitlements.setSubscription(database.db, await businessIdOf(database.db, session.user.id), {
      subscribed: false,
      tier: 'premium',
      end: null,
      provider: 'test',
    });
    const tierNow = async () =>
      (await app.inject({ url: '/api/profile', headers: bearer(session) })).json().subscription_tier;
    expect(await tierNow()).toBe('free');
    await grantPremium(database.db, session.user.id);
    expect(await tierNow()).toBe('premium');
  });

  it("only ever returns the caller's own profile", async () => {
    const alice = await registerConfirmedUser(app, mail);
    const bob = await registerConfirmedUser(app, mail);
    const asBob = await app.inject({ url: '/api/profile', headers: bearer(bob) });
    expect(asBob.json().id).toBe(bob.user.id);
    expect(asBob.json().id).not.toBe(alice.user.id);
  });
});

describe('logs', () => {
  it('never contain a password or a session token', async () => {
    // No signature upload: @fastify/multipart traces the request's headers, which only the
    // production logger redacts (logger.ts), not this test's.
    const session = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const refreshed = sessionSchema.parse(
      (await post('/api/auth/refresh', { refresh_token: session.refresh_token })).json(),
    );
    await app.inject({ url: '/api/profile', headers: bearer(refreshed) });
    // An emailed link opened in the browser: its code must not be logged with the URL.
    const linkCode = 'live-link-code-0123456789abcdef';
    await app.inject({ url: `/auth/callback?code=${linkCode}&type=recovery` });
    const everything = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [
      GOOD_PASSWORD,
      session.access_token,
      session.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
      linkCode,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
