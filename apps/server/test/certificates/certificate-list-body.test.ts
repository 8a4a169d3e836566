import type { Certificate, CertificateSummary, Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { postCertificate, uploadCertificatePhoto } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';

// As the production server answers: fast-json-stringify alone, with no zod encode before it to
// strip what a row holds beyond the contract (ADR 0101).
const { database, mail, app, query } = setUpTestApp({ checkResponsesAgainstContract: false });

describe('the certificate list body', () => {
  it('is written byte for byte as the contract orders it, whatever the row holds', async () => {
    const user: Session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    // Standards a text[] parser or a JSON writer could get wrong: quotes, commas, braces, backslashes,
    // the word NULL, non-ASCII.
    const standards = ['AS 3740-2021', 'Say "hi", {x}', 'back\\slash', 'NULL', 'ünïcode ✓ 防水'];
    const photo = await uploadCertificatePhoto(app, user);
    const draft: Certificate = (
      await postCertificate(app, user, {
        status: 'draft',
        standards: [],
        installation_date: undefined,
        job_site_address: 'Tab\there',
      })
    ).json();
    const completed: Certificate = (
      await postCertificate(app, user, { standards, photos: [{ file_id: photo, caption: 'Site' }] })
    ).json();
    // A maker whose account is gone is null. The draft is the older, so the pages' order is known.
    await query("update certificates set user_id = null, created_at = created_at - interval '1 second' where id = $1", [
      draft.id,
    ]);
    const detail = async (id: string): Promise<Certificate> =>
      (await app.inject({ url: `/api/certificates/${id}`, headers: bearer(user) })).json();

    const response = await app.inject({ url: '/api/certificates?limit=1', headers: bearer(user) });
    const next = await app.inject({
      url: `/api/certificates?limit=1&cursor=${response.json().next_cursor}`,
      headers: bearer(user),
    });
    const summary = (certificate: Certificate, madeBy: CertificateSummary['made_by'], thumbnailUrl: string | null) => ({
      id: certificate.id,
      certificate_number: certificate.certificate_number,
      job_site_address: certificate.job_site_address,
      installation_date: certificate.installation_date,
      status: certificate.status,
      standards: certificate.standards,
      photo_count: certificate.photos.length,
      thumbnail_url: thumbnailUrl,
      version: 1,
      signed: false,
      made_by: madeBy,
      created_at: certificate.created_at,
      updated_at: certificate.updated_at,
    });
    const thumbnailUrl: string = response.json().items[0].thumbnail_url;
    expect(thumbnailUrl).toMatch(new RegExp(`^/api/files/${photo}/thumbnail\\?`));
    expect(completed.standards).toEqual(standards);
    const [maker] = (await query('select applicator_name from profiles where id = $1', [user.user.id])).rows;
    expect(response.body).toBe(
      JSON.stringify({
        items: [
          summary(await detail(completed.id), { user_id: user.user.id, name: maker.applicator_name }, thumbnailUrl),
        ],
        next_cursor: response.json().next_cursor,
      }),
    );
    expect(next.body).toBe(JSON.stringify({ items: [summary(await detail(draft.id), null, null)], next_cursor: null }));
  });
});
