import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { sendToSigners } from '../support/signing.ts';

/*
 * ADR 0042: the owner is told by mail when a signer signs or declines (with the reason) and
 * when everyone has signed; each signer then gets a link to the signed PDF. Read from a real SMTP
 * listener.
 */

const { mail, app, query } = setUpTestApp();

/** The Subject header, unfolded. */
const subjectOf = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? '';

async function newOwner() {
  const session = await registerConfirmedUser(app, mail);
  await query(
    'update businesses set company_name = $2 where id = (select business_id from memberships where user_id = $1)',
    [session.user.id, 'Dry Right Waterproofing'],
  );
  return session;
}

let png: string | undefined;
async function sign(token: string, name: string) {
  png ??= (
    await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer()
  ).toString('base64');
  const response = await app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    payload: { name, read_confirmed: true, method: 'drawn', signature_png: png },
  });
  expect(response.statusCode).toBe(200);
}

describe('notifications to the owner', () => {
  it('mails the owner when one signs, and once when everyone has signed; then each signer gets the signed PDF', async () => {
    const owner = await newOwner();
    const ownerEmail = owner.user.email ?? '';
    const certificateId = await createCompletedCertificate(app, owner);
    const { emails, tokens } = await sendToSigners(app, mail, owner, 'certificate', certificateId, ['Alex', 'Blair']);
    const [alexToken = '', blairToken = ''] = tokens;

    await sign(alexToken, 'Alex Builder');
    const signed = await mail.nextMailTo(ownerEmail);
    expect(subjectOf(signed.raw)).toMatch(/^Alex Builder signed Certificate of compliance WPC-\d{4}-\d{4}$/);
    expect(signed.text).toContain(`http://app.test/certificates/${certificateId}`);
    // A signer who has not signed yet has no copy.
    const early = await app.inject({ url: `/api/sign/${blairToken}/copy` });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('conflict');

    await sign(blairToken, 'Blair Certifier');
    const done = await mail.nextMailTo(ownerEmail);
    expect(done.text).toContain('Everyone has signed');
    // The last signature sends that one mail, not a "signed" one besides.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      mail.messages.filter((message) => message.to.includes(ownerEmail) && /signed/.test(subjectOf(message.raw))),
    ).toHaveLength(2);

    for (const [index, email] of emails.entries()) {
      const copy = await mail.nextMailTo(email);
      expect(subjectOf(copy.raw)).toMatch(/^Signed copy: Certificate of compliance WPC-\d{4}-\d{4} from /);
      const link = mail.linkIn(copy, /^\/api\/sign\/[^/]+\/copy$/);
      expect(link.host).toBe('app.test');
      expect(link.pathname).toBe(`/api/sign/${tokens[index]}/copy`);
      const pdf = await app.inject({ url: link.pathname });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(pdf.rawPayload, 'raw')).replace(/\s+/g, ' ');
      expect(text).toContain('Signature certificate');
      expect(text).toContain('Alex Builder');
      expect(text).toContain('Blair Certifier');
    }
    // The link holds the signer's own token, never stored: only its hash is.
    const stored = await query('select token_hash from signature_requests where document_id = $1', [certificateId]);
    expect(stored.rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(alexToken).digest('hex'));
    expect((await app.inject({ url: '/api/sign/not-a-token/copy' })).statusCode).toBe(404);
  });

  it('mails the owner the reason when a signer declines, and lists the decline on the dashboard', async () => {
    const owner = await newOwner();
    const ownerEmail = owner.user.email ?? '';
    const certificateId = await createCompletedCertificate(app, owner);
    const { tokens } = await sendToSigners(app, mail, owner, 'certificate', certificateId, ['Casey']);
    const declined = await app.inject({
      method: 'POST',
      url: `/api/sign/${tokens[0]}/decline`,
      payload: { reason: 'The membrane brand on page 1 is wrong, see www.example.org' },
    });
    expect(declined.statusCode).toBe(200);
    const news = await mail.nextMailTo(ownerEmail);
    expect(subjectOf(news.raw)).toMatch(/^Casey declined to sign Certificate of compliance WPC-\d{4}-\d{4}$/);
    // The reason is the signer's words, as plain text: host names defanged.
    expect(news.text).toContain('Their reason: "The membrane brand on page 1 is wrong, see example[.]org"');
    expect(news.text).toContain(`http://app.test/certificates/${certificateId}`);

    const waiting = await app.inject({ url: '/api/signing/waiting', headers: bearer(owner) });
    expect(waiting.json().items).toMatchObject([
      { status: 'declined', signer_name: 'Casey', decline_reason: expect.stringContaining('membrane brand') },
    ]);
    // A declined signer gets no signed copy.
    expect((await app.inject({ url: `/api/sign/${tokens[0]}/copy` })).statusCode).toBe(409);
  });
});
