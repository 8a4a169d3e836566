import type { Certificate, Session, StateDetails } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';

/*
 * Issue 24: the structured records of a certificate. Materials line by line, the state details
 * (printed for Queensland in the order of QBCC Form 43's fields), and when and where each photo was
 * taken: stored, bounded, part of the issued version and its fingerprint, printed, and shown to
 * anyone holding the share link.
 */

const { database, mail, app } = setUpTestApp();

const post = (session: Session, payload: object) =>
  app.inject({ method: 'POST', url: '/api/certificates', headers: bearer(session), payload });

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

const membrane = {
  product: 'Hydrabond 300',
  brand: 'Ardex',
  type_class: 'Class III',
  batch: 'B1234',
  coats: 2,
};
const queensland: StateDetails = {
  state: 'QLD',
  lot_and_plan: 'Lot 12 on RP123456',
  local_government_area: 'Cairns Regional Council',
  building_class: '1a',
  aspects_certified: 'Waterproofing of the ensuite shower',
};

describe('structured records on a certificate', () => {
  it('keeps materials, state details and photo capture, prints them, and shows them to a visitor', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    const photo = await uploadPhoto(owner);
    const created = await post(
      owner,
      completedCertificateBody(owner, {
        materials: [membrane, { product: '  Bond breaker tape  ' }],
        materials_used: 'Applied at right angles',
        state_details: queensland,
        photos: [
          {
            file_id: photo,
            caption: 'Second coat',
            taken_at: '2026-11-20T08:15',
            location: { latitude: -16.92, longitude: 145.77 },
          },
        ],
        checklists: [
          {
            template_id: 'internal-wet-area',
            ncc_edition: '2022',
            entries: { 'second-coat-photo': { photo_ids: [photo] } },
          },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const certificate: Certificate = created.json();
    // Missing fields take their defaults, text is trimmed.
    expect(certificate.materials).toEqual([
      membrane,
      { product: 'Bond breaker tape', brand: '', type_class: '', batch: '', coats: null },
    ]);
    expect(certificate.state_details).toEqual(queensland);
    expect(certificate.photos[0]).toMatchObject({
      taken_at: '2026-11-20T08:15',
      location: { latitude: -16.92, longitude: 145.77 },
    });

    // The share link shows the same record to a visitor.
    const shared = await app.inject({ url: `/api/certificates/${certificate.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      materials: certificate.materials,
      state_details: queensland,
      photos: [{ taken_at: '2026-11-20T08:15' }],
    });

    const pdf = await app.inject({ url: `/api/certificates/${certificate.id}/pdf`, headers: bearer(owner) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Aspect certificate details (Queensland)');
    // Form 43's order: the property, the building class, the aspects, the basis, the licensee.
    const order = [
      'Street address',
      'Lot and plan Lot 12 on RP123456',
      'Local government area Cairns Regional Council',
      'Building class 1a',
      'Aspects certified Waterproofing of the ensuite shower',
      'Basis of certification',
      'Licensee',
      'QBCC licence number',
    ].map((row) => text.indexOf(row));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toMatch(
      /Product Brand Type or class Batch Coats Hydrabond 300 Ardex Class III B1234 2 Bond breaker tape/,
    );
    expect(text).toContain('Applied at right angles');
    // The photo sits under its stage, captioned with when it was taken.
    expect(text).toContain('Photos: Membrane stage');
    expect(text).toContain('Second coat · Taken 20 Nov 2026, 08:15');
  });

  it('makes them part of the issued version: changing a batch number amends it', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    const created = await post(owner, completedCertificateBody(owner, { materials: [membrane] }));
    const first: Certificate = created.json();
    const plain: Certificate = (await post(owner, completedCertificateBody(owner))).json();
    expect(first.fingerprint).not.toBe(plain.fingerprint);

    const amended = await patchCertificate(app, owner, first.id, { materials: [{ ...membrane, batch: 'B9999' }] });
    expect(amended.statusCode).toBe(200);
    expect(amended.json()).toMatchObject({ version: 2, materials: [{ batch: 'B9999' }] });
    const issued = await app.inject({ url: `/api/certificates/${first.id}?version=1` });
    expect(issued.json()).toMatchObject({
      version: 1,
      materials: [{ batch: 'B1234' }],
      fingerprint: first.fingerprint,
    });

    // Adding state details amends it again; sending the same ones once more changes nothing.
    const withDetails = await patchCertificate(app, owner, first.id, { state_details: queensland });
    expect(withDetails.json()).toMatchObject({ version: 3, state_details: queensland });
    const again = await patchCertificate(app, owner, first.id, { state_details: queensland });
    expect(again.json().revision).toBe(withDetails.json().revision);
  });

  it('refuses a nameless material, impossible coats, too many lines, an unknown state and a location off the globe', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const draft = (fields: object) => post(owner, { user_id: owner.user.id, status: 'draft', ...fields });

    const nameless = await draft({ materials: [{ ...membrane, product: '   ' }] });
    expect(nameless.statusCode).toBe(400);
    expect(errorOf(nameless).message).toMatch(/Name the product/);
    expect((await draft({ materials: [{ ...membrane, coats: 0 }] })).statusCode).toBe(400);
    expect((await draft({ materials: [{ ...membrane, coats: 1.5 }] })).statusCode).toBe(400);
    const tooMany = await draft({ materials: Array.from({ length: 21 }, () => membrane) });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toMatch(/up to 20 materials/);
    expect((await draft({ materials: [{ ...membrane, batch: 'x'.repeat(201) }] })).statusCode).toBe(400);
    expect((await draft({ state_details: { ...queensland, state: 'XX' } })).statusCode).toBe(400);
    expect((await draft({ state_details: { ...queensland, aspects_certified: 'x'.repeat(1001) } })).statusCode).toBe(
      400,
    );
    const photo = await uploadPhoto(owner);
    const offGlobe = await draft({ photos: [{ file_id: photo, location: { latitude: 91, longitude: 0 } }] });
    expect(offGlobe.statusCode).toBe(400);
    const badTime = await draft({ photos: [{ file_id: photo, taken_at: 'yesterday' }] });
    expect(badTime.statusCode).toBe(400);

    // Nothing was half-written: the owner has no certificates.
    const list = await app.inject({ url: '/api/certificates', headers: bearer(owner) });
    expect(list.json().items).toHaveLength(0);
  });
});
