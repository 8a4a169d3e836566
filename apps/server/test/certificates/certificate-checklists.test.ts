import { type Certificate, type CertificateChecklist, CHECKLIST_LIMITS, type Session } from '@app/contract';
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
 * Issue 24: checklists recorded on a certificate. They are checked against their template, their
 * evidence photos must be the certificate's, a failed item stops completion, and they are part of
 * the issued version and its fingerprint.
 */

const { database, mail, app } = setUpTestApp();

async function uploadPhoto(session: Session) {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7788aa' } })
    .jpeg()
    .toBuffer();
  const response = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, jpeg, {
    filename: 'stage.jpg',
  });
  expect(response.statusCode).toBe(201);
  return response.json().file_id as string;
}

const post = (session: Session, payload: object) =>
  app.inject({ method: 'POST', url: '/api/certificates', headers: bearer(session), payload });

const wetArea = (
  entries: CertificateChecklist['entries'],
  edition: '2022' | '2016' = '2022',
): CertificateChecklist => ({
  template_id: 'internal-wet-area',
  ncc_edition: edition,
  entries,
});

describe('checklists on a certificate', () => {
  it('keeps what was recorded, evidence photos included, in the issued version and its fingerprint', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    const photo = await uploadPhoto(owner);
    const checklist = wetArea({
      'shower-fall': { value: 90, note: 'Measured with a 1200 mm level' },
      'substrate-photo': { photo_ids: [photo] },
    });
    const created = await post(
      owner,
      completedCertificateBody(owner, { photos: [{ file_id: photo, caption: 'Substrate' }], checklists: [checklist] }),
    );
    // A fall of 1:90 is outside NCC 2022's limits: a warning, printed, which does not stop completion.
    expect(created.statusCode).toBe(201);
    const first: Certificate = created.json();
    expect(first.checklists).toEqual([checklist]);

    // The PDF prints the checklist: each item's value, rule and result, the warning in words.
    const pdf = await app.inject({ url: `/api/certificates/${first.id}/pdf`, headers: bearer(owner) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Checklist: Internal wet area (AS 3740-2021, NCC 2022)');
    expect(text).toContain('Shower floor fall to the waste: 1:90 WARNING');
    expect(text).toContain('Rule: Between 1:80 and 1:50 (NCC 2022). Note: Measured with a 1200 mm level');
    expect(text).toContain('Substrate before priming: 1 photo PASS');
    expect(text).toContain('Bond breakers at internal corners and wall/floor junctions: not recorded NOT RECORDED');

    const without = await post(owner, completedCertificateBody(owner));
    expect((without.json() as Certificate).fingerprint).not.toBe(first.fingerprint);

    // Changing a recorded value amends the issued certificate: version 1 keeps its checklist.
    const amended = await patchCertificate(app, owner, first.id, {
      checklists: [wetArea({ ...checklist.entries, 'shower-fall': { value: 70 } })],
    });
    expect(amended.statusCode).toBe(200);
    expect(amended.json()).toMatchObject({ version: 2 });
    expect(amended.json().fingerprint).not.toBe(first.fingerprint);
    const versionOne = await app.inject({ url: `/api/certificates/${first.id}?version=1`, headers: bearer(owner) });
    expect(versionOne.json()).toMatchObject({ fingerprint: first.fingerprint, checklists: [checklist] });
  });

  it('refuses what the template does not have, photos that are not the certificate’s, and too many checklists', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const photo = await uploadPhoto(owner);
    const draft = (checklists: unknown) =>
      post(owner, { ...completedCertificateBody(owner), status: 'draft', checklists });

    const unknownTemplate = await draft([{ template_id: 'home-made', ncc_edition: '2022', entries: {} }]);
    expect(unknownTemplate.statusCode).toBe(400);
    const unknownItem = await draft([wetArea({ 'not-an-item': { answer: 'yes' } })]);
    expect(unknownItem.statusCode).toBe(400);
    expect(errorOf(unknownItem).details?.map((detail) => detail.path)).toEqual(['checklists']);
    // The photo was uploaded, but is not one of this certificate's photos.
    const foreignPhoto = await draft([wetArea({ 'substrate-photo': { photo_ids: [photo] } })]);
    expect(foreignPhoto.statusCode).toBe(400);
    expect(errorOf(foreignPhoto).message).toMatch(/not one of this certificate’s photos/);
    const tooMany = await draft(Array.from({ length: CHECKLIST_LIMITS.perCertificate + 1 }, () => wetArea({})));
    expect(tooMany.statusCode).toBe(400);
    const badValue = await draft([wetArea({ 'shower-fall': { value: -1 } })]);
    expect(badValue.statusCode).toBe(400);
    const badEdition = await draft([{ template_id: 'internal-wet-area', ncc_edition: '2019', entries: {} }]);
    expect(badEdition.statusCode).toBe(400);
  });

  it('keeps a certificate whose flood test leaked as a draft: a failed item stops completion', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const leaked: CertificateChecklist = {
      template_id: 'flood-test',
      ncc_edition: '2022',
      entries: { 'no-leaks': { answer: 'no', note: 'Level dropped 5 mm at the waste' } },
    };
    const completed = await post(owner, completedCertificateBody(owner, { checklists: [leaked] }));
    expect(completed.statusCode).toBe(400);
    expect(errorOf(completed).message).toBe(
      'A checklist item failed, so the certificate cannot be completed: Flood test record: No leak or drop in level at the end. Keep it as a draft until it passes.',
    );
    const draft = await post(owner, { ...completedCertificateBody(owner, { checklists: [leaked] }), status: 'draft' });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().checklists).toEqual([leaked]);
  });
});
