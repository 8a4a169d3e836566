import type { CoverSheet, Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { uploadFile } from '../support/multipart.ts';
import { pdfImagesPerPage, pdfText } from '../support/pdf-tools.ts';
import { signaturePng } from '../support/signing.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';

/*
 * The cover sheet's PDF: the business address keeps its lines in the letterhead, and a draft prints
 * as a draft, without the approver's signature on file (the approval is not given yet).
 */

const { mail, app, query } = setUpTestApp();

const ADDRESS = '12 Parramatta Road\nGranville NSW 2142';
const APPLICATOR = 'Pat Approver';

/** An owner whose profile has a two-line address, and an applicator with a signature on file. */
async function ownerWithSignature(): Promise<Session> {
  const session = await registerConfirmedUser(app, mail);
  await query(
    `update businesses set company_name = $2, company_address = $3 where id = (select business_id from memberships where user_id = $1)`,
    [session.user.id, 'Dry Wet Areas Pty Ltd', ADDRESS],
  );
  await query('update profiles set applicator_name = $2 where id = $1', [session.user.id, APPLICATOR]);
  const signature = Buffer.from(await signaturePng(), 'base64');
  const uploaded = await uploadFile(app, session, { method: 'PUT', url: '/api/profile/signature' }, signature, {
    filename: 'signature.png',
    contentType: 'image/png',
  });
  expect(uploaded.statusCode).toBe(200);
  return session;
}

const approvedByApplicator = (sheet: CoverSheet) => ({
  ...sheet.body,
  approved_by: { ...sheet.body.approved_by, name: APPLICATOR, position: 'Director' },
});

async function coverPdf(session: Session, id: string) {
  const response = await app.inject({ url: `/api/cover-sheets/${id}/pdf`, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('cover sheet PDF', () => {
  it('prints a draft as a draft, with the address on its lines and no signature on file', async () => {
    const owner = await ownerWithSignature();
    const created = await app.inject({
      method: 'POST',
      url: '/api/cover-sheets',
      headers: bearer(owner),
      payload: { swms_ids: [] },
    });
    const sheet: CoverSheet = created.json();
    // No principal contractor yet: a draft.
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/cover-sheets/${sheet.id}`,
      headers: bearer(owner),
      payload: { revision: sheet.revision, body: approvedByApplicator(sheet) },
    });
    expect(saved.json()).toMatchObject({ status: 'draft' });
    expect(saved.json().body.business.address).toBe(ADDRESS);

    const pdf = await coverPdf(owner, sheet.id);
    const text = await pdfText(pdf);
    expect(text).toMatch(/12 Parramatta Road *\n *Granville NSW 2142/);
    expect(text).not.toContain('RoadGranville');
    const raw = await pdfText(pdf, 'raw');
    const flat = raw.replace(/\s+/g, ' ');
    expect(flat).toContain('DRAFT: not issued. This cover sheet is not valid until it is ready.');
    // The watermark is drawn rotated: its letters come out on lines of their own.
    expect(raw.replace(/\s/g, '')).toContain('DRAFT—notissued');
    expect(flat).toContain('Signature: not on a draft.');
    expect([...(await pdfImagesPerPage(pdf)).values()].reduce((sum, count) => sum + count, 0)).toBe(0);
  });

  it('carries the signature on file once ready, with the address on its lines in front of a SWMS too', async () => {
    const owner = await ownerWithSignature();
    const swms = await createReadySwms(app, owner);
    const ready = await createReadyCoverSheet(app, owner, swms.id);
    const approved = await app.inject({
      method: 'PUT',
      url: `/api/cover-sheets/${ready.id}`,
      headers: bearer(owner),
      payload: { revision: ready.revision, body: approvedByApplicator(ready) },
    });
    expect(approved.json()).toMatchObject({ status: 'ready' });

    const pdf = await coverPdf(owner, ready.id);
    const text = await pdfText(pdf);
    expect(text).toMatch(/12 Parramatta Road *\n *Granville NSW 2142/);
    const flat = (await pdfText(pdf, 'raw')).replace(/\s+/g, ' ');
    expect(flat).not.toContain('DRAFT');
    expect(flat).toContain(`Signature: ${APPLICATOR}`);
    expect([...(await pdfImagesPerPage(pdf)).values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);

    // The SWMS's own letterhead, and the sheet printed in front of it, keep the lines too.
    const swmsPdf = await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers: bearer(owner) });
    expect(swmsPdf.statusCode).toBe(200);
    const swmsText = await pdfText(swmsPdf.rawPayload);
    expect(swmsText.match(/12 Parramatta Road *\n *Granville NSW 2142/g)).toHaveLength(2);
  });
});
