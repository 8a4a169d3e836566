import { authErrorCodes, type Session } from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { callerOf } from '../../src/platform/http/auth-context.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import type { MailCatcher } from '../support/mail-catcher.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';

let mail: MailCatcher;
let app: App;
let admin: Session;
let member: Session;

const adminEmail = uniqueEmail('admin');
const BROKEN_TOKEN = { authorization: 'Bearer not.a.jwt' };

setUpTestApp({ settings: { adminEmails: [adminEmail.toLowerCase()] } }, (environment) => {
  ({ mail, app } = environment);
  // Routes for the hooks themselves; they exist only in this test.
  app.get('/api/__probe/admin', { onRequest: app.requireAdmin }, (request) => ({ caller: callerOf(request) }));
  app.get('/api/__probe/optional', { onRequest: app.optionalAuth }, (request) => ({ caller: request.caller ?? null }));
  app.get('/api/__probe/optional/me', { onRequest: app.optionalAuth }, (request) => ({ caller: callerOf(request) }));
});

beforeAll(async () => {
  admin = await registerConfirmedUser(app, mail, adminEmail);
  member = await registerConfirmedUser(app, mail);
});

describe('app.requireAdmin', () => {
  it('lets an account listed in ADMIN_EMAILS through, with isAdmin on its caller', async () => {
    const response = await app.inject({ url: '/api/__probe/admin', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json().caller).toMatchObject({ userId: admin.user.id, isAdmin: true });
  });

  it('answers 401 to a visitor and 403 forbidden to a signed-in account that is not an admin', async () => {
    const visitor = await app.inject({ url: '/api/__probe/admin' });
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('no_session');

    const notAdmin = await app.inject({ url: '/api/__probe/admin', headers: bearer(member) });
    expect(notAdmin.statusCode).toBe(403);
    expect(errorOf(notAdmin)).toEqual({ code: 'forbidden', message: 'You are not authorised to do this.' });
  });

  it('marks every other caller as not an admin', async () => {
    const response = await app.inject({ url: '/api/__probe/optional', headers: bearer(member) });
    expect(response.json().caller).toMatchObject({ userId: member.user.id, isAdmin: false });
  });
});

describe('app.optionalAuth', () => {
  it('sets the caller from a live session and leaves a visitor without a token, or with a broken one', async () => {
    const signedIn = await app.inject({ url: '/api/__probe/optional', headers: bearer(member) });
    expect(signedIn.json().caller).toMatchObject({ userId: member.user.id });
    expect((await app.inject({ url: '/api/__probe/optional' })).json()).toEqual({ caller: null });
    const broken = await app.inject({ url: '/api/__probe/optional', headers: BROKEN_TOKEN });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual({ caller: null });
  });

  it('gives a handler that needs the caller the rejection the token got, so the client can renew it', async () => {
    const broken = await app.inject({ url: '/api/__probe/optional/me', headers: BROKEN_TOKEN });
    expect(broken.statusCode).toBe(401);
    expect(errorOf(broken).code).toBe('unauthorized');
    const signedOut = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(member) });
    expect(signedOut.statusCode).toBe(200);
    const ended = await app.inject({ url: '/api/__probe/optional/me', headers: bearer(member) });
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).code).toBe(authErrorCodes.sessionExpired);
    expect((await app.inject({ url: '/api/__probe/optional/me' })).statusCode).toBe(401);
  });

  it('serves a file by its signed URL whatever token comes with it; without one, a broken token is a 401', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const logo = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const profile = await uploadFile(app, owner, { method: 'PUT', url: '/api/profile/logo' }, logo, {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    const signedUrl: string = profile.json().logo_url;
    const plainUrl = signedUrl.split('?')[0];

    expect((await app.inject({ url: signedUrl, headers: BROKEN_TOKEN })).statusCode).toBe(200);
    expect((await app.inject({ url: plainUrl, headers: bearer(owner) })).statusCode).toBe(200);
    expect((await app.inject({ url: plainUrl })).statusCode).toBe(404);
    const broken = await app.inject({ url: plainUrl, headers: BROKEN_TOKEN });
    expect(broken.statusCode).toBe(401);
    expect(errorOf(broken).code).toBe('unauthorized');
  });
});
