import { randomBytes } from 'node:crypto';
import type { Session, SignerDocument, SignPage, Swms } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * The signing page (PRODUCT.md, Signing) shows the document, exactly the version being signed, and to the
 * holder of its link only.
 */

const { database, mail, app, query } = setUpTestApp();

async function newUser(company: string, options: { premium?: boolean } = {}) {
  const session = await registerConfirmedUser(app, mail);
  await query(
    'update businesses set company_name = $2 where id = (select business_id from memberships where user_id = $1)',
    [session.user.id, company],
  );
  if (options.premium) await grantPremium(database.db, session.user.id);
  return session;
}

async function uploadPhoto(session: Session) {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#88aa77' } })
    .jpeg()
    .toBuffer();
  const response = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, jpeg, {
    filename: 'coat.jpg',
  });
  expect(response.statusCode).toBe(201);
  return response.json().file_id as string;
}

async function certificateWith(session: Session, extra: Record<string, unknown>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: completedCertificateBody(session, extra),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** Sends the document's current version to one signer; answers the token mailed to them. */
async function sendToOne(session: Session, kind: string, id: string): Promise<string> {
  const email = `signer-${randomBytes(6).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/requests`,
    headers: bearer(session),
    payload: { signers: [{ name: 'Alex Builder', email }] },
  });
  expect(response.statusCode).toBe(201);
  return mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
}

let ip = 0;
async function page(token: string): Promise<SignPage> {
  const response = await app.inject({ url: `/api/sign/${token}`, remoteAddress: `192.0.2.${++ip}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every word of the document's content, for checking what it shows and what it does not. */
const wordsOf = (content: SignerDocument | null) => JSON.stringify(content);
const section = (content: SignerDocument | null, heading: string) =>
  content?.sections.find((item) => item.heading === heading);

describe('the document on the signing page', () => {
  it("shows a certificate's fields, materials and photos, from the frozen applicator block", async () => {
    const owner = await newUser('Dry Right Waterproofing');
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(owner),
      payload: { applicator_name: 'Robin Applicator', company_email: 'office@dryright.example' },
    });
    expect(profile.statusCode).toBe(200);
    const photo = await uploadPhoto(owner);
    const id = await certificateWith(owner, {
      job_site_address: '14 Jetty Rd, Glenelg SA 5045',
      materials: [{ product: 'Hydrabond 300', brand: 'Ardex', type_class: 'Class III', batch: 'B1234', coats: 2 }],
      materials_used: 'Applied at right angles',
      photos: [{ file_id: photo, caption: 'Second coat', taken_at: '2026-11-20T08:15' }],
    });
    const signPage = await page(await sendToOne(owner, 'certificate', id));
    expect(signPage.state).toBe('open');
    const { content } = signPage;
    expect(content?.sender).toEqual({
      business_name: 'Dry Right Waterproofing',
      name: 'Robin Applicator',
      email: 'office@dryright.example',
    });
    expect(section(content, 'Job')?.fields).toEqual(
      expect.arrayContaining([
        { label: 'Job site address', value: '14 Jetty Rd, Glenelg SA 5045' },
        { label: 'Installation date', value: '14 November 2026' },
        { label: 'Areas', value: 'Ensuite' },
      ]),
    );
    expect(section(content, 'Standards')?.items).toEqual(['AS 3740-2021']);
    expect(section(content, 'Materials')).toMatchObject({
      items: ['Hydrabond 300, Ardex, Class III, batch B1234, 2 coats'],
      fields: [{ label: 'Other materials', value: 'Applied at right angles' }],
    });
    const [shown] = section(content, 'Photos')?.photos ?? [];
    expect(shown).toMatchObject({ caption: 'Second coat', taken: 'Taken 20 Nov 2026, 08:15' });
    // The photo's signed URL works without a session, as on the share page.
    const image = await app.inject({ url: shown?.thumbnail_url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('shows the version sent: an amended certificate voids the old link, and the new link shows the amendment', async () => {
    const owner = await newUser('Dry Right Waterproofing', { premium: true });
    const id = await certificateWith(owner, { areas: 'Ensuite' });
    const first = await sendToOne(owner, 'certificate', id);
    expect(section((await page(first)).content, 'Job')?.fields).toContainEqual({ label: 'Areas', value: 'Ensuite' });

    const edit = await patchCertificate(app, owner, id, {
      areas: 'Laundry and ensuite',
      amendment_reason: 'Laundry added',
    });
    expect(edit.statusCode).toBe(200);
    const old = await page(first);
    expect(old).toMatchObject({ state: 'new_version', content: null });

    const second = await page(await sendToOne(owner, 'certificate', id));
    expect(second.document.version).toBe(2);
    const fields = section(second.content, 'Job')?.fields ?? [];
    expect(fields).toContainEqual({ label: 'Areas', value: 'Laundry and ensuite' });
    expect(wordsOf(second.content)).not.toContain('"Ensuite"');
  });

  it('shows a SWMS with its steps and risk ratings in words; an edit after sending shows none of the new version', async () => {
    const owner = await newUser('Dry Right Waterproofing');
    const swms = await createReadySwms(app, owner, 'Balcony membrane, Level 3');
    const token = await sendToOne(owner, 'swms', swms.id);
    const signPage = await page(token);
    expect(section(signPage.content, 'Job')?.fields).toContainEqual({
      label: 'Title',
      value: 'Balcony membrane, Level 3',
    });
    const [step] = section(signPage.content, 'Job steps, hazards, risks and controls')?.steps ?? [];
    expect(step).toEqual({
      description: 'Grind the screed high spots',
      hazards: 'Silica dust from grinding',
      controls: ['Engineering: Shrouded grinder with M-class extraction'],
      responsible: 'Applicator',
      initial_risk: { rating: 'extreme', text: 'Extreme risk (likelihood likely, consequence major)' },
      residual_risk: { rating: 'medium', text: 'Medium risk (likelihood unlikely, consequence moderate)' },
    });

    // A sent version is never rewritten: the edit is version 2, and the link to version 1 is void.
    const current: Swms = (await app.inject({ url: `/api/swms/${swms.id}`, headers: bearer(owner) })).json();
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers: bearer(owner),
      payload: { revision: current.revision, body: { ...current.body, title: 'Something else' }, new_version: 2 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await page(token)).toMatchObject({ state: 'new_version', content: null });
  });

  it("shows a signer their own document and no other owner's", async () => {
    const alice = await newUser('Alice Waterproofing');
    const bob = await newUser('Bob Membranes');
    const aliceToken = await sendToOne(
      alice,
      'certificate',
      await certificateWith(alice, { job_site_address: '1 Alice St' }),
    );
    const bobToken = await sendToOne(bob, 'certificate', await certificateWith(bob, { job_site_address: '2 Bob Ave' }));
    const forAlice = wordsOf((await page(aliceToken)).content);
    const forBob = wordsOf((await page(bobToken)).content);
    expect(forAlice).toContain('1 Alice St');
    expect(forAlice).toContain('Alice Waterproofing');
    expect(forAlice).not.toContain('2 Bob Ave');
    expect(forAlice).not.toContain('Bob Membranes');
    expect(forBob).toContain('2 Bob Ave');
    expect(forBob).not.toContain('1 Alice St');
  });
});
