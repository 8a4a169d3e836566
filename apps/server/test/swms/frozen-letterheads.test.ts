import { type CoverSheet, newVersionUnconfirmedMessage, type Session, type SignPage, type Swms } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileReferences } from '../../src/file-references.ts';
import { filesRepo } from '../../src/platform/storage/files.repo.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, deleteAccount, registerConfirmedUser } from '../support/auth-helpers.ts';
import { TEST_ISSUER } from '../support/issuer.ts';
import { uploadFile } from '../support/multipart.ts';
import { firstPagePng, pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { mailedSigningToken } from '../support/signing.ts';
import { createReadyCoverSheet, createReadySwms, readySwmsBody } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';

/*
 * An issued SWMS or cover-sheet version prints the letterhead it was issued with (ADR 0088): a
 * renamed company, a new logo or a second member changes the next version, never one handed out.
 */

const { database, mail, app, query } = setUpTestApp({ settings: { publicUrl: 'https://certs.example.com' } });

const OLD_NAME = 'Harbour Waterproofing Pty Ltd';
const NEW_NAME = 'Harbour & Sons Membranes Pty Ltd';

const imagePng = (colour: string) =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function uploadImage(owner: Session, kind: 'logo' | 'signature', colour: string): Promise<void> {
  const uploaded = await uploadFile(
    app,
    owner,
    { method: 'PUT', url: `/api/profile/${kind}` },
    await imagePng(colour),
    {
      filename: `${kind}.png`,
      contentType: 'image/png',
    },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
}

async function rename(owner: Session, companyName: string): Promise<void> {
  const patched = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: bearer(owner),
    payload: { company_name: companyName },
  });
  expect(patched.statusCode, patched.body).toBe(200);
}

/** A one-person business named OLD_NAME with a logo: the test issuer's ABN, name and signature. */
async function soloOwnerWithLogo(): Promise<Session> {
  const owner = await registerConfirmedUser(app, mail);
  await rename(owner, OLD_NAME);
  await uploadImage(owner, 'logo', '#0f766e');
  return owner;
}

/** The owner's PDF of a SWMS or cover sheet version (the current one when left out): printing issues it. */
async function printed(owner: Session, path: string, version?: number): Promise<Buffer> {
  const query = version === undefined ? '' : `?version=${version}`;
  const response = await app.inject({ url: `/api/${path}/pdf${query}`, headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The logo and the owner's signature on file now. */
const imagesOf = async (owner: Session) =>
  (
    await query(
      `select b.logo_file_id as logo, p.signature_file_id as signature
         from businesses b join memberships m on m.business_id = b.id join profiles p on p.id = m.user_id
        where m.user_id = $1`,
      [owner.user.id],
    )
  ).rows[0] as { logo: string; signature: string };

/** After issue, the business changes every way a letterhead can: name, logo, signature, and a second member. */
async function changeEverything(owner: Session): Promise<void> {
  await rename(owner, NEW_NAME);
  await uploadImage(owner, 'logo', '#b91c1c');
  await uploadImage(owner, 'signature', '#1e3a8a');
  await addMember(app, mail, database.db, owner, 'office');
}

async function newSwmsVersion(owner: Session, swms: Swms): Promise<Swms> {
  const current = await app.inject({ url: `/api/swms/${swms.id}`, headers: bearer(owner) });
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/swms/${swms.id}`,
    headers: bearer(owner),
    payload: {
      revision: current.json().revision,
      body: { ...readySwmsBody(), title: 'Balcony membrane, Level 4' },
      new_version: 2,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

describe('an issued SWMS and cover sheet', () => {
  it('reprint as issued after the company is renamed, the logo and signature replaced and a member added', async () => {
    const owner = await soloOwnerWithLogo();
    const first = await imagesOf(owner);
    const swms = await createReadySwms(app, owner);
    const cover: CoverSheet = await createReadyCoverSheet(app, owner, swms.id);
    // The SWMS prints its cover sheet in front: both are issued by this print.
    const swmsBefore = await printed(owner, `swms/${swms.id}`);
    const coverBefore = await printed(owner, `cover-sheets/${cover.id}`);
    const swmsText = await pdfText(swmsBefore);
    const coverText = await pdfText(coverBefore);
    expect(swmsText).toContain(OLD_NAME);
    expect(coverText).toContain(OLD_NAME);
    expect(swmsText).not.toContain('Issued by');

    const { rows: frozen } = await query(
      "select kind, issuer from document_versions where document_id = any($1) and kind in ('swms', 'cover_sheet') order by kind",
      [[swms.id, cover.id]],
    );
    expect(frozen.map((row) => row.kind)).toEqual(['cover_sheet', 'swms']);
    for (const { issuer } of frozen) {
      expect(issuer).toEqual({
        company_name: OLD_NAME,
        company_abn: TEST_ISSUER.company_abn.replaceAll(' ', ''),
        company_address: '',
        company_phone: '',
        company_email: '',
        logo_file_id: first.logo,
        applicator_name: TEST_ISSUER.applicator_name,
        signature_file_id: first.signature,
        time_zone: 'Australia/Sydney',
      });
    }

    await changeEverything(owner);
    const now = await imagesOf(owner);
    expect(now.logo).not.toBe(first.logo);
    expect(now.signature).not.toBe(first.signature);
    // The replaced images are kept, and the sweep of unattached uploads leaves them: issued versions print them.
    const swept = await filesRepo.deleteUnreferenced(database.db, fileReferences, new Date('2999-01-01'), 1000);
    expect(swept).toEqual([]);
    const kept = await query('select id from files where id = any($1)', [[first.logo, first.signature]]);
    expect(kept.rowCount).toBe(2);

    const swmsAgain = await printed(owner, `swms/${swms.id}`, 1);
    const coverAgain = await printed(owner, `cover-sheets/${cover.id}`, 1);
    expect(await pdfText(swmsAgain)).toBe(swmsText);
    expect(await pdfText(coverAgain)).toBe(coverText);
    // The first page, letterhead and logo, looks the same to the pixel.
    expect((await firstPagePng(swmsAgain)).equals(await firstPagePng(swmsBefore))).toBe(true);
    expect((await firstPagePng(coverAgain)).equals(await firstPagePng(coverBefore))).toBe(true);

    // The next version is issued by the business as it is now: renamed, and with two members.
    await newSwmsVersion(owner, swms);
    const nextText = await pdfText(await printed(owner, `swms/${swms.id}`));
    expect(nextText).toContain(NEW_NAME);
    expect(nextText).toContain(`Issued by ${TEST_ISSUER.applicator_name} for ${NEW_NAME}`);
    // Version 1, printed again, now says it is superseded, and is still issued as it was.
    const supersededText = await pdfText(await printed(owner, `swms/${swms.id}`, 1));
    expect(supersededText).toContain('Version: v1 (superseded)');
    expect(supersededText).not.toContain(NEW_NAME);
    expect(supersededText).not.toContain('Issued by');
  });

  it('as a draft prints the business as it is now', async () => {
    const owner = await soloOwnerWithLogo();
    const created = await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(owner), payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    const draft: Swms = created.json();
    expect(draft.status).toBe('draft');
    expect(await pdfText(await printed(owner, `swms/${draft.id}`))).toContain(OLD_NAME);

    await rename(owner, NEW_NAME);
    const again = await pdfText(await printed(owner, `swms/${draft.id}`));
    expect(again).toContain(NEW_NAME);
    expect(again).not.toContain(OLD_NAME);
    const { rows } = await query('select issuer, issued_at from document_versions where document_id = $1', [draft.id]);
    expect(rows).toEqual([{ issuer: null, issued_at: null }]);
  });
});

describe("a draft whose maker's account is gone", () => {
  it("prints with the owner's letterhead", async () => {
    const owner = await soloOwnerWithLogo();
    const office = await addMember(app, mail, database.db, owner, 'office');
    const created = await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(office), payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    await deleteAccount(app, office);
    expect(await pdfText(await printed(owner, `swms/${created.json().id}`))).toContain(OLD_NAME);
  });
});

describe('a SWMS issued by sending it for signing', () => {
  it('shows its signer, the verification page and the site board the business it was sent as', async () => {
    const owner = await soloOwnerWithLogo();
    const swms = await createReadySwms(app, owner);
    const token = await mailedSigningToken(app, mail, owner, 'swms', swms.id);
    const opened = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/site-sign-on`,
      headers: bearer(owner),
      payload: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { rows } = await query('select issuer, issued_at from document_versions where document_id = $1', [swms.id]);
    // Sent, not printed: issued then (ADR 0099), and its letterhead frozen.
    expect(rows).toEqual([
      { issuer: expect.objectContaining({ company_name: OLD_NAME }), issued_at: expect.any(Date) },
    ]);

    await changeEverything(owner);

    const signPage = await app.inject({ url: `/api/sign/${token}`, remoteAddress: '192.0.2.61' });
    expect(signPage.statusCode).toBe(200);
    expect((signPage.json() as SignPage).content?.sender.business_name).toBe(OLD_NAME);
    const verified = await app.inject({ url: `/api/verify/swms/${swms.id}/1`, remoteAddress: '192.0.2.62' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ business_name: OLD_NAME, verdict: { status: 'current' } });
    const board = await app.inject({
      url: `/api/signing/documents/swms/${swms.id}/site-board`,
      headers: bearer(owner),
    });
    expect(board.statusCode).toBe(200);
    expect(await pdfText(board.rawPayload)).toContain(OLD_NAME);
    const text = await pdfText(await printed(owner, `swms/${swms.id}`));
    expect(text).toContain(OLD_NAME);
    expect(text).not.toContain('Issued by');
  });
});

describe('a SWMS issued by sending a copy to a builder', () => {
  it("is not rewritten by the next edit, and the builder's link prints what was sent after the company is renamed", async () => {
    const owner = await soloOwnerWithLogo();
    const swms = await createReadySwms(app, owner);
    const builder = `builder-${swms.id}@example.com`;
    const sent = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/sends`,
      headers: bearer(owner),
      payload: { email: builder, name: 'Acme Builders' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { rows } = await query('select issuer, issued_at from document_versions where document_id = $1', [swms.id]);
    // Sent, not printed: issued then (ADR 0099), and its letterhead frozen.
    expect(rows).toEqual([
      { issuer: expect.objectContaining({ company_name: OLD_NAME }), issued_at: expect.any(Date) },
    ]);

    // The first PDF of the run may take a while on a busy machine.
    const link = mail.linkIn(await mail.nextMailTo(builder, 15_000), /^\/api\/sent\//);
    const opened = await app.inject({ url: link.pathname });
    expect(opened.statusCode).toBe(303);
    const builderPdf = async () => {
      const response = await app.inject({ url: `${link.pathname}/pdf` });
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    const sentText = await builderPdf();
    expect(sentText).toContain(OLD_NAME);
    expect(sentText).toContain(swms.body.title);

    const current = (await app.inject({ url: `/api/swms/${swms.id}`, headers: bearer(owner) })).json<Swms>();
    expect(current).toMatchObject({ current_version: 1, issued: true });
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers: bearer(owner),
      payload: { revision: current.revision, body: { ...readySwmsBody(), title: 'Balcony membrane, Level 4' } },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'new_version_unconfirmed', message: newVersionUnconfirmedMessage(2) });

    await rename(owner, NEW_NAME);
    expect(await newSwmsVersion(owner, swms)).toMatchObject({ current_version: 2, issued: false });

    // The builder's link still prints version 1, as sent: its title and the old name.
    const laterText = await builderPdf();
    expect(laterText).toContain(swms.body.title);
    expect(laterText).toContain('Version: v1 (superseded)');
    expect(laterText).toContain(OLD_NAME);
    expect(laterText).not.toContain(NEW_NAME);
    expect(laterText).not.toContain('Balcony membrane, Level 4');
  });
});
