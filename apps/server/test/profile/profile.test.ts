import type { Profile, Session } from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';

let alice: Session;
let bob: Session;

const patch = (session: Session, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/profile', headers: bearer(session), payload });
const getProfile = async (session: Session): Promise<Profile> =>
  (await app.inject({ url: '/api/profile', headers: bearer(session) })).json();
const upload = (session: Session, kind: string, file: Buffer, filename: string, contentType: string) =>
  uploadFile(app, session, { method: 'PUT', url: `/api/profile/${kind}` }, file, { filename, contentType });
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
    .png()
    .toBuffer();

const { mail, app } = setUpTestApp();

beforeAll(async () => {
  alice = await registerConfirmedUser(app, mail);
  bob = await registerConfirmedUser(app, mail);
});

describe('PATCH /api/profile', () => {
  it('changes only the fields sent and keeps the rest', async () => {
    await patch(alice, { company_name: 'Dry Right Waterproofing', company_phone: '0400 000 000' });
    const response = await patch(alice, { licence_number: 'WP-12345' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Dry Right Waterproofing',
      company_phone: '0400 000 000',
      licence_number: 'WP-12345',
    });
  });

  it('stores a valid ABN without spaces and rejects one failing the checksum, saving nothing', async () => {
    expect((await patch(alice, { company_abn: '51 824 753 556' })).json().company_abn).toBe('51824753556');
    const invalid = await patch(alice, { company_abn: '51 824 753 557', company_name: 'Should not save' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).details).toEqual([
      { path: 'company_abn', message: expect.stringContaining('fails the ABN check') },
    ]);
    const profile = await getProfile(alice);
    expect(profile.company_abn).toBe('51824753556');
    expect(profile.company_name).not.toBe('Should not save');
  });

  it('keeps the materials list trimmed and in order, and refuses duplicates', async () => {
    const saved = await patch(alice, { common_materials: ['  Ardex WPM 300 membrane ', 'Bond breaker tape'] });
    expect(saved.json().common_materials).toEqual(['Ardex WPM 300 membrane', 'Bond breaker tape']);
    const duplicate = await patch(alice, { common_materials: ['Primer', 'primer'] });
    expect(duplicate.statusCode).toBe(400);
    expect(errorOf(duplicate).message).toBe('Each material can only be listed once.');
  });

  it('accepts a known time zone and refuses an unknown one', async () => {
    expect((await patch(alice, { time_zone: 'Australia/Perth' })).json().time_zone).toBe('Australia/Perth');
    const unknown = await patch(alice, { time_zone: 'Mars/Olympus_Mons' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details?.[0]?.path).toBe('time_zone');
  });

  it('refuses an invalid company email', async () => {
    const response = await patch(alice, { company_email: 'office-at-example' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe('company_email');
  });

  it('marks onboarding as completed', async () => {
    expect((await patch(bob, { onboarding_completed: true })).json().onboarding_completed).toBe(true);
  });

  it("can only ever change the caller's own profile, whatever ids the body carries", async () => {
    const before = await getProfile(alice);
    const response = await patch(bob, { id: alice.user.id, company_name: 'Bob Builds' });
    expect(response.json().id).toBe(bob.user.id);
    expect((await getProfile(alice)).company_name).toBe(before.company_name);
  });

  it('answers a visitor with 401 before looking at the body', async () => {
    const response = await app.inject({ method: 'PATCH', url: '/api/profile', payload: { company_abn: 'nonsense' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('logo and signature images', () => {
  it('stores a normalised image and a thumbnail, served through a signed URL', async () => {
    const response = await upload(alice, 'logo', await pngOf(3000, 1000), 'logo.png', 'image/png');
    expect(response.statusCode).toBe(200);
    const logoUrl: string = response.json().logo_url;
    expect(logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);

    const original = await app.inject({ url: logoUrl });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    const originalMeta = await sharp(original.rawPayload).metadata();
    expect([originalMeta.width, originalMeta.height]).toEqual([1200, 400]);

    const thumbnailUrl = logoUrl.replace(/\?/, '/thumbnail?');
    const thumbnailWithOriginalSignature = await app.inject({ url: thumbnailUrl });
    expect(thumbnailWithOriginalSignature.statusCode).toBe(404);
    const fileId = logoUrl.split('/')[3]?.split('?')[0];
    const thumbnail = await app.inject({ url: `/api/files/${fileId}/thumbnail`, headers: bearer(alice) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(400);
  });

  it('applies EXIF orientation and strips metadata from a signature', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(alice, 'signature', sideways, 'signature.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const stored = await app.inject({ url: response.json().signature_url });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a text file named .jpg with 415', async () => {
    const response = await upload(alice, 'logo', Buffer.from('definitely not an image'), 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toMatch(/Only JPEG, PNG or WebP/);
  });

  it('refuses a truncated JPEG with a clear 422', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const response = await upload(
      alice,
      'logo',
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'cut.jpg',
      'image/jpeg',
    );
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/damaged or incomplete/);
  });

  it('refuses a file over the size limit with 413 naming the limit', async () => {
    const response = await upload(alice, 'logo', Buffer.alloc(16 * 1024 * 1024, 1), 'huge.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toContain('15 MB');
  });

  it('refuses an image with too many pixels with 422 naming the limit', async () => {
    const enormous = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(alice, 'logo', enormous, 'enormous.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('50 megapixels');
  });

  it('replaces and removes an image, deleting the old file', async () => {
    const first = (await upload(bob, 'logo', await pngOf(200, 200), 'a.png', 'image/png')).json().logo_url;
    const firstId = first.split('/')[3].split('?')[0];
    const second = (await upload(bob, 'logo', await pngOf(300, 300), 'b.png', 'image/png')).json().logo_url;
    expect(second).not.toBe(first);
    expect((await app.inject({ url: `/api/files/${firstId}`, headers: bearer(bob) })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/logo', headers: bearer(bob) });
    expect(removed.json().logo_url).toBeNull();
    const secondId = second.split('/')[3].split('?')[0];
    expect((await app.inject({ url: `/api/files/${secondId}`, headers: bearer(bob) })).statusCode).toBe(404);
  });

  it("hides one user's files from another: 404, never 403", async () => {
    const logoUrl: string = (await upload(alice, 'logo', await pngOf(100, 100), 'l.png', 'image/png')).json().logo_url;
    const fileId = logoUrl.split('/')[3]?.split('?')[0];
    const asBob = await app.inject({ url: `/api/files/${fileId}`, headers: bearer(bob) });
    expect(asBob.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/files/${fileId}` })).statusCode).toBe(404);
    const forged = logoUrl.replace(/signature=[^&]+/, 'signature=forged');
    expect((await app.inject({ url: forged })).statusCode).toBe(404);
    const expired = logoUrl.replace(/expires=\d+/, 'expires=1000');
    expect((await app.inject({ url: expired })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/files/${fileId}`, headers: bearer(alice) })).statusCode).toBe(200);
  });
});
