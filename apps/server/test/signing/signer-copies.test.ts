import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { sendToSigners, signaturePng } from '../support/signing.ts';

/*
 * The signer's own copy (ADR 0068): by their link, as soon as they signed, with the other signers'
 * emails and IP addresses left out; the owner's copy keeps them. Read from the PDFs' text.
 */

const { mail, app, query } = setUpTestApp();

const ALEX_IP = '203.0.113.7';
const BLAIR_IP = '198.51.100.9';

async function sign(token: string, name: string, ip: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    remoteAddress: ip,
    payload: { name, read_confirmed: true, method: 'drawn', signature_png: await signaturePng() },
  });
  expect(response.statusCode).toBe(200);
}

/** The copy's text on one line; fails the test unless the copy is a PDF. */
async function copyText(token: string, ip = '192.0.2.50') {
  const response = await app.inject({ url: `/api/sign/${token}/copy`, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return (await pdfText(response.rawPayload, 'raw')).replace(/\s+/g, ' ');
}

describe("a signer's own copy", () => {
  it('is there as soon as they signed, and shows only their own email and IP; the owner sees all', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificateId = await createCompletedCertificate(app, owner);
    const {
      emails: [alexEmail = '', blairEmail = ''],
      tokens: [alexToken = '', blairToken = ''],
    } = await sendToSigners(app, mail, owner, 'certificate', certificateId, ['Alex', 'Blair']);

    await sign(alexToken, 'Alex Builder', ALEX_IP);
    // At once, though Blair has not signed: Alex's signature and own details, none of Blair's.
    const early = await copyText(alexToken);
    expect(early).toContain('Signature certificate');
    expect(early).toContain('Alex Builder: signed');
    expect(early).toContain(alexEmail);
    expect(early).toContain(ALEX_IP);
    expect(early).not.toContain(blairEmail);

    await sign(blairToken, 'Blair Certifier', BLAIR_IP);
    const alexCopy = await copyText(alexToken);
    // Others' names and times stay; their email and IP do not.
    expect(alexCopy).toContain('Blair Certifier: signed');
    expect(alexCopy).toContain(alexEmail);
    expect(alexCopy).toContain(ALEX_IP);
    expect(alexCopy).not.toContain(blairEmail);
    expect(alexCopy).not.toContain(BLAIR_IP);

    const blairCopy = await copyText(blairToken);
    expect(blairCopy).toContain('Alex Builder: signed');
    expect(blairCopy).toContain(blairEmail);
    expect(blairCopy).toContain(BLAIR_IP);
    expect(blairCopy).not.toContain(alexEmail);
    expect(blairCopy).not.toContain(ALEX_IP);

    // The copy the mail links to, once everyone has signed, is the same signer's copy.
    const mailed = mail.linkIn(await mail.nextMailTo(blairEmail), /^\/api\/sign\/[^/]+\/copy$/);
    expect(mailed.pathname).toBe(`/api/sign/${blairToken}/copy`);

    const ownerCopy = await app.inject({
      url: `/api/signing/documents/certificate/${certificateId}/signed-pdf`,
      headers: bearer(owner),
    });
    expect(ownerCopy.statusCode).toBe(200);
    const ownerText = (await pdfText(ownerCopy.rawPayload, 'raw')).replace(/\s+/g, ' ');
    for (const detail of [alexEmail, blairEmail, ALEX_IP, BLAIR_IP]) expect(ownerText).toContain(detail);
  });

  it('is refused to a signer who has not signed, a withdrawn link, and a visitor', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificateId = await createCompletedCertificate(app, owner);
    const {
      tokens: [alexToken = '', caseyToken = '', blairToken = ''],
    } = await sendToSigners(app, mail, owner, 'certificate', certificateId, ['Alex', 'Casey', 'Blair']);
    await sign(alexToken, 'Alex Builder', ALEX_IP);

    // Another signer's link, not yet signed: no copy of Alex's, nor of their own.
    const unsigned = await app.inject({ url: `/api/sign/${blairToken}/copy` });
    expect(unsigned.statusCode).toBe(409);
    expect(errorOf(unsigned).code).toBe('conflict');

    const casey = await query("select id from signature_requests where document_id = $1 and signer_name = 'Casey'", [
      certificateId,
    ]);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${casey.rows[0]?.id}/revoke`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(200);
    const voided = await app.inject({ url: `/api/sign/${caseyToken}/copy` });
    expect(voided.statusCode).toBe(409);
    expect(errorOf(voided).code).toBe('conflict');

    const visitor = await app.inject({ url: `/api/sign/${randomBytes(32).toString('base64url')}/copy` });
    expect(visitor.statusCode).toBe(404);
    expect(errorOf(visitor).code).toBe('not_found');
  });

  it('is rate limited per client', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificateId = await createCompletedCertificate(app, owner);
    const {
      tokens: [alexToken = ''],
    } = await sendToSigners(app, mail, owner, 'certificate', certificateId, ['Alex']);
    const ip = '192.0.2.99';
    // The signed-PDF rule, 60 a minute per IP: a fixed window may turn over once during the loop, so
    // two windows' worth is the most it can take.
    const statuses: number[] = [];
    while (statuses.length < 121 && statuses.at(-1) !== 429) {
      statuses.push((await app.inject({ url: `/api/sign/${alexToken}/copy`, remoteAddress: ip })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 60).every((status) => status === 409)).toBe(true);
  });
});
