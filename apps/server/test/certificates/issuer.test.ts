import { type Certificate, errorCodes, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { patchCertificate, postCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { giveIssuer, TEST_ISSUER } from '../support/issuer.ts';
import { errorOf } from '../support/responses.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';

/**
 * Issuing needs an issuer (ADR 0065): completing a certificate, or issuing a SWMS or cover-sheet
 * version, is refused while the profile lacks the company name, a valid ABN, the applicator name or
 * the signature, and nothing of the attempt is kept. Drafts need none of it.
 */
const { database, mail, app, query } = setUpTestApp();

const EVERYTHING_MISSING =
  'Add your company name, ABN, applicator name and signature to your profile before issuing this: an issued document names who stands behind it. A draft can be saved without them.';

/** A Premium user (so updates are allowed) whose profile is as sign-up leaves it: empty. */
async function emptyProfileUser(): Promise<Session> {
  const session = await registerConfirmedUser(app, mail, undefined, { issuer: false });
  await grantPremium(database.db, session.user.id);
  return session;
}

const createCertificate = (session: Session, extra: Record<string, unknown> = {}) =>
  postCertificate(app, session, extra);

const usage = async (session: Session) =>
  (await app.inject({ url: '/api/certificates/usage', headers: bearer(session) })).json() as { completed: number };

const certificates = async (session: Session) =>
  (await app.inject({ url: '/api/certificates', headers: bearer(session) })).json() as { items: unknown[] };

function expectIssuerRefusal(
  response: Parameters<typeof errorOf>[0] & { statusCode: number },
  message = EVERYTHING_MISSING,
) {
  expect(response.statusCode).toBe(422);
  const error = errorOf(response);
  expect(error.code).toBe(errorCodes.issuerIncomplete);
  expect(error.message).toBe(message);
  return error;
}

describe('completing a certificate', () => {
  it('refuses a certificate created as completed, naming every missing detail, and keeps nothing', async () => {
    const user = await emptyProfileUser();
    const id = crypto.randomUUID();
    const refused = await createCertificate(user, { id });
    const error = expectIssuerRefusal(refused);
    expect(error.details).toEqual([
      { path: 'company_name', message: 'Add your company name.' },
      { path: 'company_abn', message: 'Add your ABN.' },
      { path: 'applicator_name', message: 'Add your applicator name.' },
      { path: 'signature', message: 'Add your signature.' },
    ]);
    expect((await certificates(user)).items).toEqual([]);
    expect(await usage(user)).toMatchObject({ completed: 0 });
    const lookup = await app.inject({ url: `/api/certificates/${id}`, headers: bearer(user) });
    expect(lookup.statusCode).toBe(404);

    // The same create, once the profile names the issuer, is made with the id it was sent with.
    await giveIssuer(app, user.access_token);
    const created = await createCertificate(user, { id });
    expect(created.statusCode).toBe(201);
    const certificate: Certificate = created.json();
    expect(certificate).toMatchObject({ id, status: 'completed', certificate_number: expect.stringMatching(/^WPC-/) });
    expect(certificate.applicator).toMatchObject({
      company_name: TEST_ISSUER.company_name,
      company_abn: '51824753556',
      applicator_name: TEST_ISSUER.applicator_name,
      signature_url: expect.stringMatching(/^\/api\/files\//),
    });
    expect(await usage(user)).toMatchObject({ completed: 1 });
  });

  it('keeps drafts free of it, and refuses a draft moved to completed without a write', async () => {
    const user = await emptyProfileUser();
    const draftResponse = await createCertificate(user, { status: 'draft' });
    expect(draftResponse.statusCode).toBe(201);
    const draft: Certificate = draftResponse.json();

    const refused = await patchCertificate(app, user, draft.id, { status: 'completed', areas: 'Laundry' });
    expectIssuerRefusal(refused);
    const reread: Certificate = (
      await app.inject({ url: `/api/certificates/${draft.id}`, headers: bearer(user) })
    ).json();
    expect(reread).toMatchObject({
      status: 'draft',
      areas: draft.areas,
      revision: draft.revision,
      certificate_number: null,
      applicator: null,
    });
    expect(await usage(user)).toMatchObject({ completed: 0 });

    // Editing the draft is still allowed.
    expect((await patchCertificate(app, user, draft.id, { areas: 'Laundry' })).statusCode).toBe(200);
  });

  it('names only what is missing, and counts an ABN that fails its check as missing', async () => {
    const user = await emptyProfileUser();
    await giveIssuer(app, user.access_token);
    // Stored before the profile checked ABNs: the update endpoint would refuse it now.
    await query(
      `update businesses set company_abn = '51824753557' where id = (select business_id from memberships where user_id = $1)`,
      [user.user.id],
    );
    await query(`update profiles set applicator_name = ' ' where id = $1`, [user.user.id]);
    const refused = await createCertificate(user);
    expectIssuerRefusal(
      refused,
      'Add your ABN and applicator name to your profile before issuing this: an issued document names who stands behind it. A draft can be saved without them.',
    );
    expect(await usage(user)).toMatchObject({ completed: 0 });
  });

  it('leaves the licence number optional, and prints it when present', async () => {
    const user = await registerConfirmedUser(app, mail);
    const bare = await createCertificate(user);
    expect(bare.statusCode).toBe(201);
    expect((bare.json() as Certificate).applicator?.licence_number).toBeNull();
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(user),
      payload: { licence_number: 'QBCC 1234567' },
    });
    const licensed = await createCertificate(user);
    expect((licensed.json() as Certificate).applicator?.licence_number).toBe('QBCC 1234567');
  });
});

describe('issuing a SWMS or a cover sheet', () => {
  it('refuses the first print, a send for signing, a mailed copy and the site code, and issues nothing', async () => {
    // A cover sheet is ready only with the business block the profile fills in; the profile is emptied after.
    const user = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, user);
    const coverSheet = await createReadyCoverSheet(app, user, swms.id);
    await query(
      `update businesses set company_name = null, company_abn = null where id = (select business_id from memberships where user_id = $1)`,
      [user.user.id],
    );
    await query(`update profiles set applicator_name = null, signature_file_id = null where id = $1`, [user.user.id]);
    const headers = bearer(user);

    expectIssuerRefusal(await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers }));
    expectIssuerRefusal(await app.inject({ url: `/api/cover-sheets/${coverSheet.id}/pdf`, headers }));
    expectIssuerRefusal(
      await app.inject({
        method: 'POST',
        url: `/api/signing/documents/swms/${swms.id}/requests`,
        headers,
        payload: { signers: [{ name: 'Casey Crew', email: 'casey@example.com' }] },
      }),
    );
    expectIssuerRefusal(
      await app.inject({
        method: 'POST',
        url: `/api/signing/documents/cover_sheet/${coverSheet.id}/sends`,
        headers,
        payload: { email: 'builder@example.com', name: 'Harbourside Builders' },
      }),
    );
    expectIssuerRefusal(
      await app.inject({
        method: 'POST',
        url: `/api/signing/documents/swms/${swms.id}/site-sign-on`,
        headers,
        payload: {},
      }),
    );

    // Nothing was issued: an edit still rewrites version 1, and no link was made.
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers,
      payload: { revision: swms.revision, body: { ...swms.body, title: 'Balcony membrane, Level 4' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ current_version: 1, issued: false });
    const { rows } = await query(
      `select (select count(*) from signature_requests where document_id = $1)::int as requests,
              (select count(*) from site_sign_on_links where document_id = $1)::int as site_links`,
      [swms.id],
    );
    expect(rows[0]).toEqual({ requests: 0, site_links: 0 });

    // With the issuer named, the same acts go through.
    await giveIssuer(app, user.access_token);
    const pdf = await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const coverPdf = await app.inject({ url: `/api/cover-sheets/${coverSheet.id}/pdf`, headers });
    expect(coverPdf.statusCode).toBe(200);
  });

  it('saves a SWMS and a cover sheet, and prints them as drafts, with no issuer', async () => {
    const user = await emptyProfileUser();
    const headers = bearer(user);
    const created = await app.inject({ method: 'POST', url: '/api/swms', headers, payload: {} });
    expect(created.statusCode).toBe(201);
    const draftPdf = await app.inject({ url: `/api/swms/${created.json().id}/pdf`, headers });
    expect(draftPdf.statusCode).toBe(200);
  });
});
