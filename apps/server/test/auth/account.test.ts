import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_DELETION_CONFIRMATION, accountMessages, rateLimits, type Session } from '@app/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mailPerEmailRule } from '../../src/features/auth/auth-mail.ts';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser, signIn, uniqueEmail } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { uploadFile } from '../support/multipart.ts';
import { clearOfWindowEdge, untilRefused } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';

/** This file's own storage root, so the test can look at the disk. */
const filesRoot = path.join(tmpdir(), `tradecert-account-files-${process.pid}-${Date.now()}`);

const { app, mail, database, query } = setUpTestApp(() => ({ fileStorage: createLocalDiskStorage(filesRoot) }));

afterAll(() => rm(filesRoot, { recursive: true, force: true }));

const post = (url: string, session: Session | null, payload: object) =>
  app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, payload });
const requestEmailChange = (session: Session, newEmail: string, password = GOOD_PASSWORD) =>
  post('/api/account/email', session, { new_email: newEmail, current_password: password });
const deleteAccount = (session: Session, confirmation = ACCOUNT_DELETION_CONFIRMATION, password = GOOD_PASSWORD) =>
  post('/api/account/delete', session, { confirmation, current_password: password });
const verifyEmailChange = (tokenHash: string | null) =>
  post('/api/auth/verify', null, { type: 'email_change', token_hash: tokenHash });

/** The token of the email-change link mailed to `to`. */
async function emailChangeToken(to: string): Promise<string | null> {
  const link = mail.linkIn(await mail.nextMailTo(to), /^\/auth\/confirm$/);
  expect(link.searchParams.get('type')).toBe('email_change');
  return link.searchParams.get('token_hash');
}

async function emailOf(userId: string): Promise<string> {
  const { rows } = await query('select email from users where id = $1', [userId]);
  return rows[0].email;
}

describe('changing the email address', () => {
  it('mails a link to the new address and a notice to the old one, and changes only when the link is opened, once', async () => {
    const user = await registerConfirmedUser(app, mail);
    const newEmail = uniqueEmail('moved');
    const response = await requestEmailChange(user, `  ${newEmail.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ new_email: newEmail });

    const notice = await mail.nextMailTo(user.user.email);
    expect(notice.text).toContain('is being changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain("If this wasn't you");
    const token = await emailChangeToken(newEmail);
    // Nothing changes until the link is opened.
    expect(await emailOf(user.user.id)).toBe(user.user.email);
    expect((await signIn(app, user.user.email)).statusCode).toBe(200);

    const confirmed = await verifyEmailChange(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ type: 'email_change', email: newEmail });
    expect(await emailOf(user.user.id)).toBe(newEmail);
    const profile = await app.inject({ url: '/api/profile', headers: bearer(user) });
    expect(profile.json().email).toBe(newEmail);
    // The session that asked stays signed in; the new address signs in, the old one no longer does.
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(user) })).json().email).toBe(newEmail);
    expect((await signIn(app, newEmail)).statusCode).toBe(200);
    expect(errorOf(await signIn(app, user.user.email)).code).toBe('invalid_credentials');
    const events = await audit.forSubject(database.db, { kind: 'user', id: user.user.id });
    expect(events.map((event) => event.type)).toEqual(['account.email_changed']);

    const reused = await verifyEmailChange(token);
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('invalid_link');
  });

  it('needs the current password, and refuses an address that has an account as sign-up does', async () => {
    const user = await registerConfirmedUser(app, mail);
    const other = await registerConfirmedUser(app, mail);
    const wrong = await requestEmailChange(user, uniqueEmail(), 'not-my-password-at-all');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('current_password_incorrect');
    const missing = await post('/api/account/email', user, { new_email: uniqueEmail() });
    expect(errorOf(missing).code).toBe('validation_failed');

    const taken = await requestEmailChange(user, other.user.email);
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken)).toMatchObject({ code: 'user_already_exists', message: 'User already registered' });
    const same = await requestEmailChange(user, user.user.email);
    expect(errorOf(same)).toMatchObject({ code: 'validation_failed', message: accountMessages.sameEmail });
    const invalid = await requestEmailChange(user, 'not-an-email');
    expect(errorOf(invalid).code).toBe('email_address_invalid');
    expect(mail.messages.filter((message) => message.to.includes(user.user.email))).toHaveLength(1);
  });

  it('refuses the link when the address was taken after it was sent, and keeps the account as it was', async () => {
    const user = await registerConfirmedUser(app, mail);
    const newEmail = uniqueEmail('contested');
    await requestEmailChange(user, newEmail);
    const token = await emailChangeToken(newEmail);
    await registerConfirmedUser(app, mail, newEmail);
    const refused = await verifyEmailChange(token);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('user_already_exists');
    expect(await emailOf(user.user.id)).toBe(user.user.email);
  });

  it('keeps only the newest request working, and a new password cancels a pending change', async () => {
    const user = await registerConfirmedUser(app, mail);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await requestEmailChange(user, first);
    const firstToken = await emailChangeToken(first);
    await requestEmailChange(user, second);
    const secondToken = await emailChangeToken(second);
    expect(errorOf(await verifyEmailChange(firstToken)).code).toBe('invalid_link');

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(user),
      payload: { password: 'quarry-lantern-violet-82', current_password: GOOD_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(errorOf(await verifyEmailChange(secondToken)).code).toBe('invalid_link');
    expect(await emailOf(user.user.id)).toBe(user.user.email);
  });

  it('limits requests per user (each checks the password) and mails per new address', async () => {
    const user = await registerConfirmedUser(app, mail);
    const { refused } = await untilRefused(rateLimits.emailChangePerUser, () =>
      requestEmailChange(user, uniqueEmail(), 'a-wrong-guess-of-the-password'),
    );
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
    expect(refused.headers['retry-after']).toBeDefined();

    const another = await registerConfirmedUser(app, mail);
    const target = uniqueEmail('popular');
    await clearOfWindowEdge(mailPerEmailRule('email_change'), 15_000);
    expect((await requestEmailChange(another, target)).statusCode).toBe(200);
    const third = await registerConfirmedUser(app, mail);
    const again = await requestEmailChange(third, target);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe('over_email_send_rate_limit');
  });

  it('refuses a link of another kind, and a visitor or a malformed request', async () => {
    const user = await registerConfirmedUser(app, mail);
    const newEmail = uniqueEmail();
    await requestEmailChange(user, newEmail);
    const token = await emailChangeToken(newEmail);
    const asSignup = await post('/api/auth/verify', null, { type: 'signup', token_hash: token });
    expect(errorOf(asSignup).code).toBe('invalid_link');
    expect(errorOf(await verifyEmailChange('not-a-token')).code).toBe('invalid_link');

    const visitor = await post('/api/account/email', null, { new_email: newEmail, current_password: GOOD_PASSWORD });
    expect(visitor.statusCode).toBe(401);
    for (const payload of [{}, { new_email: 42, current_password: GOOD_PASSWORD }, { new_email: 'x'.repeat(400) }]) {
      const malformed = await post('/api/account/email', user, payload);
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).code).toBe('validation_failed');
    }
    expect(await emailOf(user.user.id)).toBe(user.user.email);
  });
});

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();

/** A user with something in every table they can fill: profile images, a certificate with a photo and its PDF. */
async function userWithRecordsAndFiles(): Promise<{ session: Session; fileIds: string[] }> {
  const session = await registerConfirmedUser(app, mail);
  const image = await pngOf(400, 200);
  const logo = await uploadFile(app, session, { method: 'PUT', url: '/api/profile/logo' }, image, {
    filename: 'logo.png',
    contentType: 'image/png',
  });
  expect(logo.statusCode).toBe(200);
  const photo = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, image, {
    filename: 'photo.png',
    contentType: 'image/png',
  });
  expect(photo.statusCode).toBe(201);
  const photoId: string = photo.json().file_id;
  const certificate = await post(
    '/api/certificates',
    session,
    completedCertificateBody(session, { photos: [{ file_id: photoId, caption: 'before' }] }),
  );
  expect(certificate.statusCode).toBe(201);
  const pdf = await app.inject({ url: `/api/certificates/${certificate.json().id}/pdf`, headers: bearer(session) });
  expect(pdf.statusCode).toBe(200);
  // Premium bought in test mode and cancelled: the billing account stays, and no longer renews.
  expect((await post('/api/billing/test/complete', session, { interval: 'monthly' })).statusCode).toBe(200);
  expect((await post('/api/billing/cancel', session, {})).statusCode).toBe(200);
  const { rows } = await query('select id from files where user_id = $1', [session.user.id]);
  return { session, fileIds: rows.map((row) => row.id) };
}

/** Rows that still refer to the user, by table: every table with a user_id column, plus users and profiles. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const { rows: tables } = await query(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await query(`select count(*)::int as n from "${table}" where user_id = $1`, [userId]);
    counts[table] = rows[0].n;
  }
  for (const table of ['users', 'profiles']) {
    const { rows } = await query(`select count(*)::int as n from ${table} where id = $1`, [userId]);
    counts[table] = rows[0].n;
  }
  return counts;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function waitUntilGone(file: string) {
  const deadline = Date.now() + 10_000;
  while (await exists(file)) {
    if (Date.now() > deadline) throw new Error(`${file} is still there`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('deleting the account', () => {
  it("deletes every row and file of the user, signs them out everywhere, records it, and leaves another user's data alone", async () => {
    const { session, fileIds } = await userWithRecordsAndFiles();
    const other = await userWithRecordsAndFiles();
    const secondDevice = (await signIn(app, session.user.email)).json();
    const userId = session.user.id;
    const before = await rowsOf(userId);
    for (const table of ['users', 'profiles', 'certificates', 'files', 'auth_sessions', 'billing_accounts']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const { businessId } = await membershipOf(database.db, userId);
    const businessFolder = path.join(filesRoot, 'businesses', businessId);
    const pdfFolder = path.join(filesRoot, 'pdf-cache', businessId);
    expect((await readdir(businessFolder)).length).toBeGreaterThanOrEqual(6);
    expect((await readdir(pdfFolder)).length).toBe(1);
    // Uploads and PDFs from before businesses owned records are under the owner's own id (ADR 0077).
    const userFolder = path.join(filesRoot, 'users', userId);
    const oldPdfFolder = path.join(filesRoot, 'pdf-cache', userId);
    for (const folder of [userFolder, oldPdfFolder]) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'stored-before.jpg'), 'old bytes');
    }
    const otherBefore = await rowsOf(other.session.user.id);

    const response = await deleteAccount(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(Object.values(await rowsOf(userId)).every((count) => count === 0)).toBe(true);
    // Its business went with it, and every record of the business (ADR 0077), not only its maker's.
    const { rows: businessRows } = await query('select count(*)::int as n from businesses where id = $1', [businessId]);
    expect(businessRows).toEqual([{ n: 0 }]);
    // The audit trail outlives what it describes (ADR 0011): its rows keep the business's id.
    const { rows: businessTables } = await query(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'business_id' and table_name <> 'audit_events'`,
    );
    expect(businessTables.map((row) => row.table_name)).toEqual(expect.arrayContaining(['certificates', 'files']));
    for (const { table_name: table } of businessTables) {
      const { rows } = await query(`select count(*)::int as n from "${table}" where business_id = $1`, [businessId]);
      expect(rows, table).toEqual([{ n: 0 }]);
    }
    for (const folder of [businessFolder, pdfFolder, userFolder, oldPdfFolder]) await waitUntilGone(folder);
    for (const token of [session.access_token, secondDevice.access_token]) {
      const after = await app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
      expect(after.statusCode).toBe(401);
    }
    const refresh = await post('/api/auth/refresh', null, { refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(401);
    expect(errorOf(await signIn(app, session.user.email)).code).toBe('invalid_credentials');
    for (const id of fileIds) {
      const file = await app.inject({ url: `/api/files/${id}`, headers: bearer(other.session) });
      expect(file.statusCode).toBe(404);
    }
    const events = await audit.forSubject(database.db, { kind: 'user', id: userId });
    expect(events.map((event) => event.type)).toContain('account.deleted');
    expect(events.at(-1)?.actor).toEqual({ kind: 'user', userId });

    expect(await rowsOf(other.session.user.id)).toEqual(otherBefore);
    const others = await membershipOf(database.db, other.session.user.id);
    expect((await readdir(path.join(filesRoot, 'businesses', others.businessId))).length).toBeGreaterThanOrEqual(6);
    expect(await readdir(path.join(filesRoot, 'pdf-cache', others.businessId))).toHaveLength(1);
    const otherFile = await app.inject({ url: `/api/files/${other.fileIds[0]}`, headers: bearer(other.session) });
    expect(otherFile.statusCode).toBe(200);
    // The address is free again.
    expect((await registerConfirmedUser(app, mail, session.user.email)).user.id).not.toBe(userId);
  });

  it('needs the typed confirmation and the current password, and deletes nothing otherwise', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (const confirmation of ['', 'delete', 'DELET', 'yes']) {
      const refused = await deleteAccount(user, confirmation);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: 'validation_failed',
        message: accountMessages.deletionNotConfirmed,
        details: [{ path: 'confirmation', message: accountMessages.deletionNotConfirmed }],
      });
    }
    const wrong = await deleteAccount(user, ACCOUNT_DELETION_CONFIRMATION, 'not-my-password-at-all');
    expect(errorOf(wrong).code).toBe('current_password_incorrect');
    expect((await rowsOf(user.user.id)).users).toBe(1);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(user) })).statusCode).toBe(200);
  });

  it('refuses while a paid subscription still renews, and goes ahead once it is cancelled', async () => {
    const user = await registerConfirmedUser(app, mail);
    expect((await post('/api/billing/test/complete', user, { interval: 'yearly' })).statusCode).toBe(200);
    const refused = await deleteAccount(user);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'conflict',
      message: accountMessages.subscriptionStillActive,
    });
    expect((await rowsOf(user.user.id)).users).toBe(1);
    expect((await post('/api/billing/cancel', user, {})).statusCode).toBe(200);
    expect((await deleteAccount(user)).statusCode).toBe(200);
    expect((await rowsOf(user.user.id)).users).toBe(0);
  });

  it('removes the files through a queued job (retried by the queue), never inside the request', async () => {
    const user = await userWithRecordsAndFiles();
    const userId = user.session.user.id;
    const { businessId } = await membershipOf(database.db, userId);
    expect((await deleteAccount(user.session)).statusCode).toBe(200);
    const { rows } = await query(`select state from pgboss.job where name = 'account-files' and data->>'userId' = $1`, [
      userId,
    ]);
    expect(rows).toHaveLength(1);
    await waitUntilGone(path.join(filesRoot, 'businesses', businessId));
  });

  it('is limited per user, and refuses a visitor or a malformed request', async () => {
    const user = await registerConfirmedUser(app, mail);
    const { refused } = await untilRefused(rateLimits.accountDeletionPerUser, () =>
      deleteAccount(user, ACCOUNT_DELETION_CONFIRMATION, 'a-wrong-guess-of-the-password'),
    );
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
    const visitor = await post('/api/account/delete', null, {
      confirmation: ACCOUNT_DELETION_CONFIRMATION,
      current_password: GOOD_PASSWORD,
    });
    expect(visitor.statusCode).toBe(401);
    const other = await registerConfirmedUser(app, mail);
    for (const payload of [
      {},
      { confirmation: ACCOUNT_DELETION_CONFIRMATION },
      { confirmation: 'x'.repeat(65), current_password: 'x' },
    ]) {
      const malformed = await post('/api/account/delete', other, payload);
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).code).toBe('validation_failed');
    }
    expect((await rowsOf(other.user.id)).users).toBe(1);
    expect((await rowsOf(user.user.id)).users).toBe(1);
  });
});
