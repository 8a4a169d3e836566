import { type Certificate, errorCodes, formatAbn, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { certificateFingerprint, contentOf } from '../../src/features/certificates/certificate-content.ts';
import { certificatesRepo } from '../../src/features/certificates/certificates.repo.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { TEST_ISSUER } from '../support/issuer.ts';
import { archivalFacts } from '../support/pdf-archival.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';
import { addMember, businessIdOf } from '../support/teams.ts';

/**
 * Issued by (ADR 0077): a document issued in a business of several members carries the business's
 * company details and the issuing member's name and signature, and says who issued it for whom. A
 * one-person business's documents are as they always were.
 */
const { database, mail, app, query } = setUpTestApp();

const COMPANY = 'Harbour Waterproofing Pty Ltd';
const MEMBER_NAME = 'Kim Lê';

/** The block as it was frozen before "Issued by": the company's fields and the person's, nothing else. */
const BLOCK_KEYS_BEFORE_TEAMS = [
  'applicator_name',
  'company_abn',
  'company_address',
  'company_email',
  'company_name',
  'company_phone',
  'licence_number',
  'logo_file_id',
  'signature_file_id',
];

async function patchProfile(session: Session, payload: Record<string, string>): Promise<Session> {
  const patched = await app.inject({ method: 'PATCH', url: '/api/profile', headers: bearer(session), payload });
  expect(patched.statusCode, patched.body).toBe(200);
  return session;
}

/** An owner whose business is named `COMPANY`, with the test issuer's ABN, name and signature. */
const ownerWithCompany = async () => patchProfile(await registerConfirmedUser(app, mail), { company_name: COMPANY });

/** A member of `owner`'s business as `role`, named `MEMBER_NAME`, with their own signature. */
const memberAs = async (owner: Session, role: 'office' | 'field') =>
  patchProfile(await addMember(app, mail, database.db, owner, role), { applicator_name: MEMBER_NAME });
const fieldMember = (owner: Session) => memberAs(owner, 'field');

const complete = (session: Session) =>
  app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: completedCertificateBody(session),
  });

const pdfOf = async (id: string) => {
  const response = await app.inject({ url: `/api/certificates/${id}/pdf` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

/** The owner's PDF of a SWMS (with its cover sheet in front, when it has one) or a cover sheet: printing issues it. */
const printed = (session: Session, path: string) => app.inject({ url: `/api/${path}/pdf`, headers: bearer(session) });

const signatureFileOf = async (userId: string) =>
  (await query('select signature_file_id from profiles where id = $1', [userId])).rows[0].signature_file_id as string;

describe('a certificate a member of a business completes', () => {
  it("carries the business's company, the member's name and signature, and prints who issued it for whom", async () => {
    const owner = await ownerWithCompany();
    const member = await fieldMember(owner);

    const created = await complete(member);
    expect(created.statusCode, created.body).toBe(201);
    const certificate: Certificate = created.json();
    expect(certificate.applicator).toMatchObject({
      company_name: COMPANY,
      company_abn: '51824753556',
      applicator_name: MEMBER_NAME,
      issued_by: MEMBER_NAME,
    });
    const { rows } = await query('select applicator from certificates where id = $1', [certificate.id]);
    expect(rows[0].applicator.signature_file_id).toBe(await signatureFileOf(member.user.id));
    expect(rows[0].applicator.signature_file_id).not.toBe(await signatureFileOf(owner.user.id));

    // The share page's answer, to anyone holding the link, says the same.
    const shared = await app.inject({ url: `/api/certificates/${certificate.id}` });
    expect(shared.json().applicator).toMatchObject({ issued_by: MEMBER_NAME, company_name: COMPANY });

    const pdf = await pdfOf(certificate.id);
    const text = await pdfText(pdf);
    expect(text).toContain(`Issued by ${MEMBER_NAME} for ${COMPANY}`);
    expect(text).toContain(`ABN ${formatAbn(TEST_ISSUER.company_abn)}`);
    // The line is tagged text, as everything printed is (ADR 0051).
    expect(await archivalFacts(pdf)).toMatchObject({ untaggedTextRuns: 0, unbalancedMarks: 0, unmappedMcids: 0 });
  });

  it('is refused while the member has no signature of their own, though the owner has one', async () => {
    const owner = await ownerWithCompany();
    const member = await fieldMember(owner);
    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/signature', headers: bearer(member) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await signatureFileOf(owner.user.id)).not.toBeNull();

    const refused = await complete(member);
    expect(refused.statusCode).toBe(422);
    const error = errorOf(refused);
    expect(error.code).toBe(errorCodes.issuerIncomplete);
    expect(error.message).toBe(
      'Add your signature to your profile before issuing this: an issued document names who stands behind it. A draft can be saved without them.',
    );
    expect(error.details).toEqual([{ path: 'signature', message: 'Add your signature.' }]);
    // The owner, with theirs, issues in the same business.
    expect((await complete(owner)).statusCode).toBe(201);
  });
});

describe("a one-person business's certificate", () => {
  it('has no issued_by and prints no "Issued by": its block has the keys it always had', async () => {
    const owner = await ownerWithCompany();
    const created = await complete(owner);
    expect(created.statusCode, created.body).toBe(201);
    const certificate: Certificate = created.json();
    expect(certificate.applicator).not.toHaveProperty('issued_by');

    const businessId = await businessIdOf(database.db, owner.user.id);
    const row = await certificatesRepo.findOwned(database.db, businessId, certificate.id);
    if (!row?.applicator) throw new Error('the completed certificate has no applicator block');
    expect(Object.keys(row.applicator).sort()).toEqual(BLOCK_KEYS_BEFORE_TEAMS);
    // The fingerprint hashes the block's entries: with the same keys as before, it is as before.
    expect(certificate.fingerprint).toBe(certificateFingerprint(contentOf(row)));

    const text = await pdfText(await pdfOf(certificate.id));
    expect(text).toContain(COMPANY);
    expect(text).not.toContain('Issued by');
  });
});

describe('a SWMS and its cover sheet a member of a business prints', () => {
  it('print who issued them for the business under their numbers', async () => {
    const owner = await ownerWithCompany();
    // The office: a cover sheet is not the field crew's to make (ADR 0081).
    const member = await memberAs(owner, 'office');
    const swms = await createReadySwms(app, member);
    const swmsPdf = await printed(member, `swms/${swms.id}`);
    expect(swmsPdf.statusCode, swmsPdf.body).toBe(200);
    const swmsText = await pdfText(swmsPdf.rawPayload);
    expect(swmsText).toContain(`Issued by ${MEMBER_NAME} for ${COMPANY}`);
    expect(swmsText).toContain(`ABN ${formatAbn(TEST_ISSUER.company_abn)}`);

    const cover = await createReadyCoverSheet(app, member, swms.id);
    const coverPdf = await printed(member, `cover-sheets/${cover.id}`);
    expect(coverPdf.statusCode, coverPdf.body).toBe(200);
    expect(await pdfText(coverPdf.rawPayload)).toContain(`Issued by ${MEMBER_NAME} for ${COMPANY}`);
  });

  it('are refused while the member has no signature of their own', async () => {
    const owner = await ownerWithCompany();
    const member = await fieldMember(owner);
    await app.inject({ method: 'DELETE', url: '/api/profile/signature', headers: bearer(member) });
    const swms = await createReadySwms(app, member);
    const refused = await printed(member, `swms/${swms.id}`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).details).toEqual([{ path: 'signature', message: 'Add your signature.' }]);
  });

  it('of a one-person business print no "Issued by"', async () => {
    const owner = await ownerWithCompany();
    const swms = await createReadySwms(app, owner);
    await createReadyCoverSheet(app, owner, swms.id);
    const swmsPdf = await printed(owner, `swms/${swms.id}`);
    expect(swmsPdf.statusCode, swmsPdf.body).toBe(200);
    const text = await pdfText(swmsPdf.rawPayload);
    expect(text).toContain(COMPANY);
    expect(text).toContain('SWMS Cover Sheet');
    expect(text).not.toContain('Issued by');
  });
});
