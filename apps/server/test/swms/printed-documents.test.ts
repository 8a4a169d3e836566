import type { CoverSheet, Session, Swms } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { pdfImagesPerPage, pdfPageTexts, pdfText } from '../support/pdf-tools.ts';
import { readySwmsBody } from '../support/swms.ts';

/*
 * Printed SWMS and cover sheets without the defects they once had, read back from the PDFs with poppler (pdftotext, pdfimages): no "Not
 * recorded" where the document has the answer, no logo twice, no empty signature line, and the
 * verify box never alone on a page.
 */

const { database, mail, app, query } = setUpTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const send = (session: Session, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

const image = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function businessWithLogoAndSignature() {
  const session = await registerConfirmedUser(app, mail);
  await query(
    `update businesses set company_name = 'Dry Wet Areas Pty Ltd', company_abn = '51824753556'
     where id = (select business_id from memberships where user_id = $1)`,
    [session.user.id],
  );
  await query(`update profiles set applicator_name = 'Sam Citizen' where id = $1`, [session.user.id]);
  for (const [path, picture] of [
    ['/api/profile/logo', await image(300, 120, '#0f766e')],
    ['/api/profile/signature', await image(400, 120, '#111827')],
  ] as const) {
    const response = await uploadFile(app, session, { method: 'PUT', url: path }, picture, {
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(200);
  }
  return session;
}

async function readySwms(session: Session, changes: object = {}): Promise<Swms> {
  const created: Swms = (await send(session, 'POST', '/api/swms', {})).json();
  const saved = await send(session, 'PUT', `/api/swms/${created.id}`, {
    revision: created.revision,
    body: { ...readySwmsBody(), ...changes },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

/** Saves `changes` and prints; `newVersion` confirms starting it when the version was printed (ADR 0066). */
async function coverSheetPdf(session: Session, cover: CoverSheet, changes: object, newVersion?: number) {
  const saved = await send(session, 'PUT', `/api/cover-sheets/${cover.id}`, {
    revision: cover.revision,
    ...(newVersion && { new_version: newVersion }),
    body: {
      ...cover.body,
      principal_contractor: { ...cover.body.principal_contractor, company: 'Harbourside Builders' },
      ...changes,
    },
  });
  expect(saved.statusCode).toBe(200);
  const pdf = await send(session, 'GET', `/api/cover-sheets/${cover.id}/pdf`);
  expect(pdf.statusCode).toBe(200);
  return pdf.rawPayload;
}

describe('the SWMS and its cover sheet as printed', () => {
  it('says no review date was set instead of "reviewed by Not recorded"', async () => {
    const session = await registerConfirmedUser(app, mail);
    const undated = await readySwms(session, { review_date: null });
    const text = (await pdfText((await send(session, 'GET', `/api/swms/${undated.id}/pdf`)).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(text).not.toContain('Not recorded.');
    expect(text).toContain('no other review date was set.');
    const dated = await readySwms(session, { review_date: '2027-02-01' });
    const datedText = (await pdfText((await send(session, 'GET', `/api/swms/${dated.id}/pdf`)).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(datedText).toContain('otherwise it is reviewed by 1 February 2027.');
  });

  it('prints the cover sheet with the logo once, the ABN spaced, the SWMS’s person responsible, and the applicator’s signature', async () => {
    const session = await businessWithLogoAndSignature();
    const swms = await readySwms(session, { person_responsible: 'Sam Supervisor' });
    const created = await send(session, 'POST', '/api/cover-sheets', { swms_ids: [swms.id] });
    const cover: CoverSheet = created.json();
    // Filled in from the profile as people write it, the applicator approving by default.
    expect(cover.body.business.abn).toBe('51 824 753 556');
    expect(cover.body.approved_by.name).toBe('Sam Citizen');

    const pdf = await coverSheetPdf(session, cover, { person_responsible: '' });
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    // The label wraps in its cell: "Person responsible for | Sam Supervisor | compliance".
    expect(text).toMatch(/Person responsible for (compliance )?Sam Supervisor/);
    expect(text).not.toMatch(/Person responsible for (compliance )?Not recorded/);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Signature: Sam Citizen');
    // Page 1: the letterhead's logo and the approver's signature; the page marks do not add the logo again.
    expect((await pdfImagesPerPage(pdf)).get(1)).toBe(2);

    // Someone else approves: no empty line to sign, but how they sign.
    const other: CoverSheet = (await send(session, 'GET', `/api/cover-sheets/${cover.id}`)).json();
    const byLink = await coverSheetPdf(
      session,
      other,
      { approved_by: { name: 'Pat Builder', position: 'Site manager', date: null } },
      other.current_version + 1,
    );
    const byLinkText = (await pdfText(byLink)).replace(/\s+/g, ' ');
    expect(byLinkText).toContain('Signature: not on this copy. Pat Builder signs by link');
    expect((await pdfImagesPerPage(byLink)).get(1)).toBe(1);
  });
});

describe('the verify box', () => {
  it('shares its page with the declaration of a certificate, however long the text before it', async () => {
    const session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, session.user.id);
    // Longer and longer notes move the declaration down the page, past the point where the box fell alone.
    for (let lines = 20; lines <= 44; lines += 3) {
      const created = await send(
        session,
        'POST',
        '/api/certificates',
        completedCertificateBody(session, { additional_info: 'Flood test held for 24 hours.\n'.repeat(lines) }),
      );
      expect(created.statusCode).toBe(201);
      const pdf = await send(session, 'GET', `/api/certificates/${created.json().id}/pdf`);
      const pages = await pdfPageTexts(pdf.rawPayload);
      const boxPage = pages.find((page) => page.includes('Verify this certificate'));
      expect(boxPage, `${lines} lines`).toContain('I certify that the work described above');
    }
  });

  it('shares its page with the last section of a SWMS', async () => {
    const session = await registerConfirmedUser(app, mail);
    for (let lines = 21; lines <= 37; lines += 2) {
      const swms = await readySwms(session, { emergency_procedures: 'Call 000, then the supervisor.\n'.repeat(lines) });
      const pages = await pdfPageTexts((await send(session, 'GET', `/api/swms/${swms.id}/pdf`)).rawPayload);
      const boxPage = pages.find((page) => page.includes(`Verify ${swms.number} version 1`));
      expect(boxPage, `${lines} lines`).toContain('Putting the controls in place');
    }
  });
});
