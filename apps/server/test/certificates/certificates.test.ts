import {
  type Certificate,
  type CertificateSummary,
  type CreateCertificateRequest,
  certificateMessages,
  INVALID_DATE_MESSAGE,
  INVALID_ID_MESSAGE,
  type Session,
} from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listStatementText } from '../../src/features/certificates/list-statements.ts';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';

let now = new Date('2026-11-15T02:00:00Z');

const completedFields = {
  standards: ['AS 3740-2021'],
  job_site_address: '12 Harbour St, Sydney NSW 2000',
  installation_date: '2026-11-14',
  areas: 'Ensuite: shower recess and floor',
  materials_used: 'Ardex WPM 300',
};

function create(session: Session, body: Partial<CreateCertificateRequest> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: { user_id: session.user.id, status: 'completed', ...completedFields, ...body },
  });
}
const update = (session: Session, id: string, payload: object) => patchCertificate(app, session, id, payload);
const remove = (session: Session, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(session) });
const usage = async (session: Session) =>
  (await app.inject({ url: '/api/certificates/usage', headers: bearer(session) })).json();

async function newUser(options: { premium?: boolean; timeZone?: string } = {}) {
  const session = await registerConfirmedUser(app, mail);
  if (options.timeZone)
    await query(
      'update businesses set time_zone = $2 where id = (select business_id from memberships where user_id = $1)',
      [session.user.id, options.timeZone],
    );
  if (options.premium) await grantPremium(database.db, session.user.id);
  return session;
}

async function uploadPhoto(session: Session) {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const response = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, jpeg, {
    filename: 'site.jpg',
  });
  expect(response.statusCode).toBe(201);
  return response.json().file_id as string;
}

const { database, mail, app, query } = setUpTestApp({ clock: () => now });

describe('creating certificates', () => {
  it('saves a draft without counting it, and half-filled', async () => {
    const user = await newUser();
    const response = await create(user, { status: 'draft', job_site_address: '', standards: [], areas: '' });
    expect(response.statusCode).toBe(201);
    const draft: Certificate = response.json();
    expect(draft).toMatchObject({ status: 'draft', certificate_number: null, applicator: null, is_owner: true });
    expect((await usage(user)).completed).toBe(0);
  });

  it('counts a completed certificate, numbers it, and freezes the applicator block', async () => {
    const user = await newUser();
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(user),
      payload: { company_name: 'Dry Right Waterproofing', licence_number: 'WP-1', applicator_name: 'Zoë Ng-Đặng' },
    });
    const first: Certificate = (await create(user)).json();
    const second: Certificate = (await create(user)).json();
    expect(first.certificate_number).toBe('WPC-2026-0001');
    expect(second.certificate_number).toBe('WPC-2026-0002');
    expect(first.applicator).toMatchObject({ company_name: 'Dry Right Waterproofing', applicator_name: 'Zoë Ng-Đặng' });
    expect(await usage(user)).toEqual({ month: '2026-11', completed: 2, limit: 5 });

    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(user),
      payload: { company_name: 'Renamed' },
    });
    const reread: Certificate = (
      await app.inject({ url: `/api/certificates/${first.id}`, headers: bearer(user) })
    ).json();
    expect(reread.applicator?.company_name).toBe('Dry Right Waterproofing');
  });

  it('needs the job details before a certificate can be completed', async () => {
    const user = await newUser();
    const response = await create(user, { job_site_address: ' ', installation_date: null, standards: [] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.map((detail) => detail.path)).toEqual([
      'job_site_address',
      'installation_date',
      'standards',
    ]);
    expect((await usage(user)).completed).toBe(0);
  });

  it("refuses a user id that is not the session's, and a missing or broken session, with the spec's messages", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const mismatch = await create(alice, { user_id: bob.user.id });
    expect(mismatch.statusCode).toBe(403);
    expect(errorOf(mismatch).message).toBe('User authentication mismatch - please log in again');

    const noSession = await app.inject({ method: 'POST', url: '/api/certificates', payload: { ...completedFields } });
    expect(noSession.statusCode).toBe(401);
    expect(errorOf(noSession).message).toBe('No valid session - please log in again');

    const broken = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: { authorization: 'Bearer not.a.jwt' },
      payload: { user_id: alice.user.id, ...completedFields, status: 'completed' },
    });
    expect(broken.statusCode).toBe(401);
    expect(errorOf(broken).message).toBe('Authentication error - please log in again');
  });
});

describe('the free monthly limit', () => {
  it('allows 5 completed certificates a month; the 6th is refused, drafts still save', async () => {
    const user = await newUser();
    for (let index = 0; index < 5; index++) expect((await create(user)).statusCode).toBe(201);
    const sixth = await create(user);
    expect(sixth.statusCode).toBe(403);
    expect(errorOf(sixth)).toEqual({ code: 'monthly_limit_reached', message: certificateMessages.monthlyLimit });
    expect((await create(user, { status: 'draft' })).statusCode).toBe(201);
    expect((await usage(user)).completed).toBe(5);
    const { rows } = await query(
      `select count(*)::int as n from certificates where user_id = $1 and status = 'completed'`,
      [user.user.id],
    );
    expect(rows[0].n).toBe(5);
  });

  it('holds under 20 concurrent requests at 4 of 5: exactly one succeeds', async () => {
    const user = await newUser();
    for (let index = 0; index < 4; index++) await create(user);
    const results = await Promise.all(Array.from({ length: 20 }, () => create(user)));
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
    expect((await usage(user)).completed).toBe(5);
  });

  it('starts again in a new month, counted in the user’s own time zone', async () => {
    const sydney = await newUser({ timeZone: 'Australia/Sydney' });
    const perth = await newUser({ timeZone: 'Australia/Perth' });
    try {
      // 30 Nov 14:30 UTC: already 1 December in Sydney, still 30 November in Perth.
      now = new Date('2026-11-30T14:30:00Z');
      await create(sydney);
      await create(perth);
      expect(await usage(sydney)).toMatchObject({ month: '2026-12', completed: 1 });
      expect(await usage(perth)).toMatchObject({ month: '2026-11', completed: 1 });
      const { rows } = await query(
        `select m.user_id, c.month, c.count from monthly_certificate_counts c
           join memberships m on m.business_id = c.business_id where m.user_id = any($1) order by month`,
        [[sydney.user.id, perth.user.id]],
      );
      expect(rows).toEqual([
        { user_id: perth.user.id, month: '2026-11', count: 1 },
        { user_id: sydney.user.id, month: '2026-12', count: 1 },
      ]);
    } finally {
      now = new Date('2026-11-15T02:00:00Z');
    }
  });
});

describe('premium-only update and delete', () => {
  it("refuses a free user's update and delete with the spec's messages, changing nothing", async () => {
    const user = await newUser();
    const certificate: Certificate = (await create(user)).json();
    const updated = await update(user, certificate.id, { areas: 'Laundry' });
    expect(updated.statusCode).toBe(403);
    expect(errorOf(updated).message).toBe('Premium subscription required to update certificates');
    const deleted = await remove(user, certificate.id);
    expect(deleted.statusCode).toBe(403);
    expect(errorOf(deleted).message).toBe(
      'Premium Feature: Deleting certificates requires a premium subscription. Please upgrade to access this feature.',
    );
    const reread = await app.inject({ url: `/api/certificates/${certificate.id}`, headers: bearer(user) });
    expect(reread.json().areas).toBe(completedFields.areas);
  });

  it('follows the count table: draft→completed +1, completed→draft −1, delete completed −1, never below 0', async () => {
    const user = await newUser({ premium: true });
    const draft: Certificate = (await create(user, { status: 'draft' })).json();
    expect((await usage(user)).completed).toBe(0);

    const completed = await update(user, draft.id, { status: 'completed' });
    expect(completed.json()).toMatchObject({ status: 'completed', certificate_number: 'WPC-2026-0001' });
    expect((await usage(user)).completed).toBe(1);

    await update(user, draft.id, { status: 'draft' });
    expect((await usage(user)).completed).toBe(0);
    await update(user, draft.id, { areas: 'Balcony' });
    expect((await usage(user)).completed).toBe(0);

    const again = await update(user, draft.id, { status: 'completed' });
    expect(again.json().certificate_number).toBe('WPC-2026-0001');
    expect((await usage(user)).completed).toBe(1);

    // Someone zeroed the count by hand: reverting must not go negative.
    await query(
      'update monthly_certificate_counts set count = 0 where business_id = (select business_id from memberships where user_id = $1)',
      [user.user.id],
    );
    await update(user, draft.id, { status: 'draft' });
    expect((await usage(user)).completed).toBe(0);

    const other: Certificate = (await create(user)).json();
    expect((await usage(user)).completed).toBe(1);
    expect((await remove(user, other.id)).statusCode).toBe(200);
    expect((await usage(user)).completed).toBe(0);
    expect((await app.inject({ url: `/api/certificates/${other.id}`, headers: bearer(user) })).statusCode).toBe(404);
  });

  it('keeps every field that an update does not supply', async () => {
    const user = await newUser({ premium: true });
    const original: Certificate = (await create(user, { additional_info: 'Flood test 24 h' })).json();
    const response = await update(user, original.id, { areas: 'Laundry' });
    expect(response.statusCode).toBe(200);
    const updated: Certificate = response.json();
    expect(updated.areas).toBe('Laundry');
    // An issued certificate's edit is its next version: the rest of it is as it was.
    const {
      areas: _a,
      updated_at: _u,
      fingerprint: _f,
      version: _v,
      amended_at: _d,
      revision: _r,
      ...unchanged
    } = original;
    expect(updated).toMatchObject({ ...unchanged, version: 2 });
  });

  it('has no monthly limit for premium users', async () => {
    const user = await newUser({ premium: true });
    for (let index = 0; index < 7; index++) expect((await create(user)).statusCode).toBe(201);
    expect(await usage(user)).toMatchObject({ completed: 7, limit: null });
  });
});

describe('reading certificates', () => {
  it('lists newest first in keyset pages, filters by status and searches the address', async () => {
    const user = await newUser({ premium: true });
    for (let index = 0; index < 25; index++) {
      await create(user, {
        status: index % 2 ? 'draft' : 'completed',
        job_site_address: `${index} Test Rd, 50% Off Plaza`,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/certificates?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await app.inject({ url, headers: bearer(user) })).json();
      seen.push(...page.items.map((item: { job_site_address: string }) => item.job_site_address));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe('24 Test Rd, 50% Off Plaza');
    expect(seen.at(-1)).toBe('0 Test Rd, 50% Off Plaza');

    const drafts = (
      await app.inject({ url: '/api/certificates?status=draft&limit=100', headers: bearer(user) })
    ).json();
    expect(drafts.items).toHaveLength(12);
    const search = (await app.inject({ url: '/api/certificates?q=2%20test%20RD', headers: bearer(user) })).json();
    expect(search.items.map((item: { job_site_address: string }) => item.job_site_address)).toEqual([
      '22 Test Rd, 50% Off Plaza',
      '12 Test Rd, 50% Off Plaza',
      '2 Test Rd, 50% Off Plaza',
    ]);
    const literalPercent = (
      await app.inject({ url: '/api/certificates?q=0%25&limit=100', headers: bearer(user) })
    ).json();
    expect(literalPercent.items).toHaveLength(25);
    // Every filter at once, across a page boundary.
    const firstDrafts = (
      await app.inject({ url: '/api/certificates?status=draft&q=1&limit=2', headers: bearer(user) })
    ).json();
    const nextDrafts = (
      await app.inject({
        url: `/api/certificates?status=draft&q=1&limit=2&cursor=${firstDrafts.next_cursor}`,
        headers: bearer(user),
      })
    ).json();
    expect(
      [...firstDrafts.items, ...nextDrafts.items].map((item: { job_site_address: string }) => item.job_site_address),
    ).toEqual([
      '21 Test Rd, 50% Off Plaza',
      '19 Test Rd, 50% Off Plaza',
      '17 Test Rd, 50% Off Plaza',
      '15 Test Rd, 50% Off Plaza',
    ]);
  });

  it('gives a certificate the same timestamps in the list as on its own page, to the millisecond', async () => {
    const user = await newUser();
    const { id } = (await create(user, { status: 'completed' })).json();
    // The list prints timestamps in SQL and the detail from a Date: both must truncate microseconds
    // the same way, or a client comparing updated_at would see a change that never happened.
    for (const stamp of [
      '2026-11-15 02:00:00.289999+00',
      '2026-11-15 02:00:00.0005+00',
      '2026-12-31 23:59:59.9999+11',
    ]) {
      await query('update certificates set created_at = $2, updated_at = $2 where id = $1', [id, stamp]);
      const [listed] = (await app.inject({ url: '/api/certificates', headers: bearer(user) })).json().items;
      const detail = (await app.inject({ url: `/api/certificates/${id}`, headers: bearer(user) })).json();
      expect(listed.created_at).toBe(detail.created_at);
      expect(listed.updated_at).toBe(detail.updated_at);
      expect(listed.created_at).toBe(new Date(stamp.replace(' ', 'T').replace(/\+(\d\d)$/, '+$1:00')).toISOString());
    }
  });

  it('reads every list variant from the index without sorting the user’s certificates', async () => {
    const user = await newUser();
    const { businessId } = await membershipOf(app.db, user.user.id);
    // One in ten is the user's; the rest are a former member's (no maker), as in a business of many.
    await query(
      `insert into certificates (user_id, business_id, job_site_address, status, created_at)
       select case when i % 10 = 0 then $1::uuid end, $2, i || ' Index St',
              case when i % 2 = 0 then 'completed' else 'draft' end, now() - (i || ' seconds')::interval
       from generate_series(1, 3000) as i`,
      [user.user.id, businessId],
    );
    await query('analyze certificates');
    for (const status of [false, true]) {
      for (const search of [false, true]) {
        for (const madeBy of [false, true]) {
          for (const after of [false, true]) {
            const values: unknown[] = [businessId];
            if (status) values.push('completed');
            if (search) values.push('%Index%');
            if (madeBy) values.push(user.user.id);
            if (after) values.push('2026-11-15 02:00:00+00', '00000000-0000-4000-8000-000000000000');
            values.push(21);
            const variant = { status, search, madeBy, after };
            const { rows } = await query(`explain ${listStatementText(variant)}`, values);
            const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
            expect(plan, JSON.stringify(variant)).toContain(
              madeBy
                ? 'Index Scan using certificates_business_maker_created_idx'
                : 'Index Scan using certificates_business_created_idx',
            );
            expect(plan).not.toContain('Sort');
          }
        }
      }
    }
  });

  it('deletes for good: the row goes, and no soft-deleted status can be stored', async () => {
    const user = await newUser({ premium: true });
    const certificate: Certificate = (await create(user)).json();
    expect((await remove(user, certificate.id)).statusCode).toBe(200);
    const { rows } = await query('select id from certificates where id = $1', [certificate.id]);
    expect(rows).toEqual([]);
    const kept: Certificate = (await create(user)).json();
    await expect(query(`update certificates set status = 'deleted' where id = $1`, [kept.id])).rejects.toMatchObject({
      constraint: 'certificates_status_valid',
    });
  });

  it('shares a completed certificate with anyone holding the link, but never a draft', async () => {
    const user = await newUser();
    const completed: Certificate = (await create(user)).json();
    const draft: Certificate = (await create(user, { status: 'draft' })).json();
    const shared = await app.inject({ url: `/api/certificates/${completed.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: completed.id, is_owner: false, status: 'completed' });
    for (const url of [
      `/api/certificates/${draft.id}`,
      `/api/certificates/${crypto.randomUUID()}`,
      '/api/certificates/nope',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
      expect(errorOf(response).message).toBe('Certificate not found');
    }
    const staleToken = await app.inject({
      url: `/api/certificates/${completed.id}`,
      headers: { authorization: 'Bearer stale.token.here' },
    });
    expect(staleToken.json().is_owner).toBe(false);
  });
});

describe('isolation between users', () => {
  it("lets user B neither read, list, edit nor delete user A's certificates or photos", async () => {
    const alice = await newUser({ premium: true });
    const bob = await newUser({ premium: true });
    const photo = await uploadPhoto(alice);
    const draft: Certificate = (
      await create(alice, { status: 'draft', photos: [{ file_id: photo, caption: 'before' }] })
    ).json();

    expect((await app.inject({ url: `/api/certificates/${draft.id}`, headers: bearer(bob) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/certificates', headers: bearer(bob) })).json().items).toHaveLength(0);
    expect((await update(bob, draft.id, { areas: 'hijacked' })).statusCode).toBe(404);
    expect((await remove(bob, draft.id)).statusCode).toBe(404);
    for (const url of [
      `/api/certificates/${draft.id}/versions`,
      `/api/certificates/${draft.id}?version=1`,
      `/api/certificates/${draft.id}/pdf?version=1`,
    ]) {
      expect((await app.inject({ url, headers: bearer(bob) })).statusCode).toBe(404);
    }
    expect(
      (await app.inject({ url: `/api/gallery?certificate_id=${draft.id}`, headers: bearer(bob) })).json().photos,
    ).toEqual([]);
    expect((await app.inject({ url: `/api/files/${photo}`, headers: bearer(bob) })).statusCode).toBe(404);
    const stolenPhoto = await create(bob, { status: 'draft', photos: [{ file_id: photo, caption: '' }] });
    expect(stolenPhoto.statusCode).toBe(400);
    // A client-made id naming A's records is not a retry of B's: 409, and nothing of A's comes back.
    const claimed = await create(bob, { id: draft.id, status: 'draft' });
    expect([claimed.statusCode, errorOf(claimed).code]).toEqual([409, 'conflict']);
    expect(claimed.body).not.toContain(completedFields.areas);
    const claimedPhoto = await uploadFile(
      app,
      bob,
      { method: 'POST', url: `/api/certificates/photos?id=${photo}` },
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
    );
    expect(claimedPhoto.statusCode).toBe(409);

    const stillThere: Certificate = (
      await app.inject({ url: `/api/certificates/${draft.id}`, headers: bearer(alice) })
    ).json();
    expect(stillThere.areas).toBe(completedFields.areas);
  });
});

describe('photos', () => {
  it('attaches captioned photos, shows them in the gallery, and deletes them with the certificate', async () => {
    const user = await newUser({ premium: true });
    const before = await uploadPhoto(user);
    const after = await uploadPhoto(user);
    const certificate: Certificate = (
      await create(user, {
        photos: [
          { file_id: before, caption: 'Before: bare substrate' },
          { file_id: after, caption: 'After: second coat' },
        ],
      })
    ).json();
    expect(certificate.photos.map((photo) => photo.caption)).toEqual(['Before: bare substrate', 'After: second coat']);
    expect((await app.inject({ url: certificate.photos[0]?.url ?? '' })).statusCode).toBe(200);

    const gallery = (await app.inject({ url: '/api/gallery', headers: bearer(user) })).json();
    expect(gallery.photos.map((photo: { file_id: string }) => photo.file_id)).toEqual([before, after]);
    const list = (await app.inject({ url: '/api/certificates', headers: bearer(user) })).json();
    expect(list.items).toEqual([
      {
        id: certificate.id,
        certificate_number: certificate.certificate_number,
        job_site_address: certificate.job_site_address,
        installation_date: certificate.installation_date,
        status: 'completed',
        standards: certificate.standards,
        photo_count: 2,
        thumbnail_url: certificate.photos[0]?.thumbnail_url,
        version: 1,
        signed: false,
        made_by: { user_id: user.user.id, name: certificate.applicator?.applicator_name },
        created_at: certificate.created_at,
        updated_at: certificate.updated_at,
      },
    ]);

    // Version 1 was issued with both photos: the amendment drops one, and version 1 still prints it.
    await update(user, certificate.id, { photos: [{ file_id: after, caption: 'After' }] });
    expect((await app.inject({ url: `/api/files/${before}`, headers: bearer(user) })).statusCode).toBe(200);
    await remove(user, certificate.id);
    for (const fileId of [before, after]) {
      expect((await app.inject({ url: `/api/files/${fileId}`, headers: bearer(user) })).statusCode).toBe(404);
    }

    // A draft was never issued: a photo it drops goes at once.
    const draftPhoto = await uploadPhoto(user);
    const draft: Certificate = (
      await create(user, { status: 'draft', photos: [{ file_id: draftPhoto, caption: 'Draft' }] })
    ).json();
    await update(user, draft.id, { photos: [] });
    expect((await app.inject({ url: `/api/files/${draftPhoto}`, headers: bearer(user) })).statusCode).toBe(404);
  });

  it('lists the first photo’s thumbnail (null without photos), the version and whether it was signed', async () => {
    const user = await newUser({ premium: true });
    const other = await newUser({ premium: true });
    const first = await uploadPhoto(user);
    const second = await uploadPhoto(user);
    const withPhotos: Certificate = (
      await create(user, {
        photos: [
          { file_id: first, caption: 'First' },
          { file_id: second, caption: 'Second' },
        ],
      })
    ).json();
    const without: Certificate = (await create(user)).json();
    const listOf = async (session: Session) =>
      (await app.inject({ url: '/api/certificates', headers: bearer(session) })).json().items as CertificateSummary[];

    const [newest, older] = await listOf(user);
    expect(newest).toMatchObject({ id: without.id, thumbnail_url: null, version: 1, signed: false });
    expect(older).toMatchObject({ id: withPhotos.id, version: 1, signed: false });
    expect(older?.thumbnail_url).toMatch(new RegExp(`^/api/files/${first}/thumbnail\\?`));
    const thumbnail = await app.inject({ url: older?.thumbnail_url ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);
    // Another user's list never shows them.
    expect(await listOf(other)).toEqual([]);

    // A signature on the version shown makes it signed; one set aside does not count.
    await query(
      `insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
         signer_name, expires_at, signed_at, set_aside_at)
       select business_id, user_id, 'certificate', $2, 1, 'f', 'Signer', now() + interval '1 day', now(), $3 from memberships where user_id = $1`,
      [user.user.id, without.id, new Date()],
    );
    expect((await listOf(user))[0]?.signed).toBe(false);
    await query(
      `insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
         signer_name, expires_at, signed_at)
       select business_id, user_id, 'certificate', $2, 1, 'f', 'Signer', now() + interval '1 day', now() from memberships where user_id = $1`,
      [user.user.id, without.id],
    );
    expect((await listOf(user))[0]?.signed).toBe(true);

    // An amendment is the next version, with no signature yet.
    await update(user, without.id, { additional_info: 'Amended', amendment_reason: 'Typo' });
    expect((await listOf(user))[0]).toMatchObject({ id: without.id, version: 2, signed: false });
  });

  const ALREADY_ATTACHED = 'A photo is already attached to another certificate.';
  /** Certificates (any status) showing the photo, and the certificate its file row is claimed by. */
  async function whereAttached(fileId: string) {
    const { rows } = await query(
      `select id from certificates, jsonb_array_elements(photos) photo where photo->>'file_id' = $1 order by id`,
      [fileId],
    );
    const claim = await query('select certificate_id from files where id = $1', [fileId]);
    return { certificates: rows.map((row) => row.id as string), claimedBy: claim.rows[0]?.certificate_id };
  }

  it('attaches one photo to exactly one certificate when 10 creates race for it', async () => {
    const user = await newUser({ premium: true });
    const photo = await uploadPhoto(user);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => create(user, { status: 'draft', photos: [{ file_id: photo, caption: '' }] })),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toEqual({
        code: 'validation_failed',
        message: ALREADY_ATTACHED,
        details: [{ path: 'photos', message: ALREADY_ATTACHED }],
      });
    }
    // The refused creates left nothing behind: the user has the one certificate.
    const winner = created[0]?.json().id;
    expect((await query('select id from certificates where user_id = $1', [user.user.id])).rows).toEqual([
      { id: winner },
    ]);
    expect(await whereAttached(photo)).toEqual({ certificates: [winner], claimedBy: winner });
  });

  it('lets an update and a create racing for one photo attach it once', async () => {
    const user = await newUser({ premium: true });
    for (let round = 0; round < 5; round++) {
      const existing: Certificate = (await create(user, { status: 'draft' })).json();
      const photo = await uploadPhoto(user);
      const photos = [{ file_id: photo, caption: '' }];
      const [updated, created] = await Promise.all([
        update(user, existing.id, { photos }),
        create(user, { status: 'draft', photos }),
      ]);
      const updateWon = updated.statusCode === 200;
      expect([updated.statusCode, created.statusCode]).toEqual(updateWon ? [200, 400] : [400, 201]);
      const loser = updateWon ? created : updated;
      expect(errorOf(loser).message).toBe(ALREADY_ATTACHED);
      const winner = updateWon ? existing.id : created.json().id;
      expect(await whereAttached(photo)).toEqual({ certificates: [winner], claimedBy: winner });
    }
  });

  it('answers a multipart body the parser cannot read (no boundary) with a 400, not a 500', async () => {
    const user = await newUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/certificates/photos',
      headers: { ...bearer(user), 'content-type': 'multipart/form-data' },
      payload: '--x\r\n\r\n--x--',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('The upload could not be read. Choose the image again and retry.');
  });

  it('refuses more than 20 photos with a clear message', async () => {
    const user = await newUser();
    const photos = Array.from({ length: 21 }, () => ({ file_id: crypto.randomUUID(), caption: '' }));
    const response = await create(user, { status: 'draft', photos });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('A certificate can have up to 20 photos. Remove some before adding more.');
  });
});

describe('values a loose schema would pass but the database would not', () => {
  const dashes = '-'.repeat(36);
  const cursorOf = (createdAt: string, id: string) =>
    Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

  it('refuses dates that are not on the calendar, and accepts Feb 29 in a leap year', async () => {
    const user = await newUser({ premium: true });
    for (const installation_date of ['2026-02-31', '0000-00-00', '2026-02-29', '2026-13-01']) {
      const response = await create(user, { installation_date });
      expect(response.statusCode, installation_date).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation_failed',
        message: INVALID_DATE_MESSAGE,
        details: [{ path: 'installation_date', message: INVALID_DATE_MESSAGE }],
      });
    }
    const leapDay = await create(user, { installation_date: '2024-02-29' });
    expect(leapDay.statusCode).toBe(201);
    const patched = await update(user, leapDay.json().id, { installation_date: '2026-02-31' });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched).details).toEqual([{ path: 'installation_date', message: INVALID_DATE_MESSAGE }]);
  });

  it('refuses a dash-only uuid in a path, a query and a photo', async () => {
    const user = await newUser({ premium: true });
    for (const url of [
      `/api/files/${dashes}`,
      `/api/files/${dashes}/thumbnail`,
      `/api/gallery?certificate_id=${dashes}`,
    ]) {
      const response = await app.inject({ url, headers: bearer(user) });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed', message: INVALID_ID_MESSAGE });
    }
    const photo = await create(user, { status: 'draft', photos: [{ file_id: dashes, caption: '' }] });
    expect(photo.statusCode).toBe(400);
    expect(errorOf(photo).details).toEqual([{ path: 'photos.0.file_id', message: INVALID_ID_MESSAGE }]);
    // A certificate link that is not an id is a link to nothing: the share page says 'Certificate not found'.
    const share = await app.inject({ url: `/api/certificates/${dashes}` });
    expect(share.statusCode).toBe(404);
    expect(errorOf(share).message).toBe('Certificate not found');
  });

  it('refuses a forged list cursor with a 400 that says to reload', async () => {
    const user = await newUser();
    const id = crypto.randomUUID();
    for (const cursor of [
      Buffer.from('garbage').toString('base64url'),
      cursorOf('2026-02-31 00:00:00+00', id),
      cursorOf('2026-13-45 99:99:99+00', id),
      cursorOf('2026-11-15 02:00:00+99', id),
      cursorOf('2026-11-15 02:00:00.123456+00', dashes),
    ]) {
      const response = await app.inject({ url: `/api/certificates?cursor=${cursor}`, headers: bearer(user) });
      expect(response.statusCode, cursor).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation_failed',
        message: 'This page link is out of date. Reload the list and try again.',
      });
    }
  });
});

describe('bundles', () => {
  it('answers every bundle call with the disabled message', async () => {
    const user = await newUser();
    for (const [method, url] of [
      ['GET', '/api/bundles'],
      ['POST', '/api/bundles'],
      ['GET', '/api/bundles/123'],
      ['PUT', '/api/bundles/123'],
      ['DELETE', '/api/bundles/123'],
    ] as const) {
      const response = await app.inject({ method, url, headers: bearer(user) });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe('Bundle feature is currently disabled');
    }
  });

  it('answers a visitor, and any body, with the same message', async () => {
    for (const payload of [undefined, { name: 'Job pack' }, [1, 2]]) {
      const response = await app.inject({ method: 'POST', url: '/api/bundles', payload });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: 'feature_disabled',
        message: 'Bundle feature is currently disabled',
      });
    }
  });
});
