import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  type Session,
  type SignerView,
  type SigningPanel,
  type SignPage,
  type Swms,
  signingMessages,
} from '@app/contract';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, createCompletedCertificate, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { signaturePng } from '../support/signing.ts';
import { createReadySwms } from '../support/swms.ts';

const { database, mail, app, query } = setUpTestApp();

const signerUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Signer';
let ipCounter = 0;
/** A fresh client address per test, so per-IP limits of one test do not spill into another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

async function newUser(options: { premium?: boolean; company?: string } = {}) {
  const session = await registerConfirmedUser(app, mail);
  await query(
    'update businesses set company_name = $2 where id = (select business_id from memberships where user_id = $1)',
    [session.user.id, options.company ?? 'Dry Right Waterproofing'],
  );
  if (options.premium) await grantPremium(database.db, session.user.id);
  return session;
}

const completedCertificate = (session: Session) => createCompletedCertificate(app, session);

const newSwms = (session: Session, title = 'Membrane application SWMS') => createReadySwms(app, session, title);

/** Edits the SWMS as its owner does; after a signature, that makes a new version. */
async function editSwms(session: Session, id: string, title: string) {
  const current: Swms = (await app.inject({ url: `/api/swms/${id}`, headers: bearer(session) })).json();
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/swms/${id}`,
    headers: bearer(session),
    // The owner agreed to start the next version, should this edit start one (ADR 0066).
    payload: { revision: current.revision, body: { ...current.body, title }, new_version: current.current_version + 1 },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json() as Swms;
}

const signers = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Signer ${index + 1} ${randomBytes(3).toString('hex')}`,
    email: `signer-${randomBytes(6).toString('hex')}@example.com`,
    role: index === 0 ? 'Builder' : null,
  }));

const send = (session: Session, kind: string, id: string, list: object[], ip = '198.51.100.7') =>
  app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/requests`,
    headers: { ...bearer(session), 'user-agent': 'Owner browser' },
    remoteAddress: ip,
    payload: { signers: list },
  });

async function sendAndCollect(session: Session, kind: string, id: string, count = 2) {
  const list = signers(count);
  const response = await send(session, kind, id, list);
  expect(response.statusCode).toBe(201);
  const sent: SignerView[] = response.json().signers;
  const tokens = await Promise.all(list.map((signer) => tokenMailedTo(signer.email)));
  return { list, sent, tokens };
}

async function tokenMailedTo(email: string): Promise<string> {
  const link = mail.linkIn(await mail.nextMailTo(email), /^\/sign\//);
  return link.pathname.slice('/sign/'.length);
}

const page = (token: string, ip = '192.0.2.10') =>
  app.inject({ url: `/api/sign/${token}`, headers: { 'user-agent': signerUa }, remoteAddress: ip });

async function sign(token: string, body: Record<string, unknown> = {}, ip = '192.0.2.10') {
  return app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    headers: { 'user-agent': signerUa },
    remoteAddress: ip,
    payload: {
      name: 'Typed Name',
      read_confirmed: true,
      method: 'drawn',
      signature_png: await signaturePng(),
      ...body,
    },
  });
}

/** A crew sign-on by QR code: it names the version the worker read (the page's fingerprint). */
async function signOnSite(token: string, body: Record<string, unknown>, ip = '192.0.2.10') {
  const shown: SignPage = (await page(token, ip)).json();
  return sign(token, { document_fingerprint: shown.document.fingerprint, ...body }, ip);
}

const decline = (token: string, reason: unknown, ip = '192.0.2.10') =>
  app.inject({
    method: 'POST',
    url: `/api/sign/${token}/decline`,
    headers: { 'user-agent': signerUa },
    remoteAddress: ip,
    payload: { reason },
  });

const panel = async (session: Session, kind: string, id: string): Promise<SigningPanel> => {
  const response = await app.inject({ url: `/api/signing/documents/${kind}/${id}`, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Opens (or reads) a document's site sign-on QR link as its owner; `token` is empty unless it opened. */
async function openSiteLink(session: Session, kind: string, id: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/site-sign-on`,
    headers: bearer(session),
    payload: {},
  });
  const token = response.statusCode === 200 ? new URL(response.json().url).pathname.slice('/sign/'.length) : '';
  return { response, token };
}

const events = async (documentId: string) =>
  (
    await query(
      `select type, data, ip, user_agent, actor_kind from audit_events where subject_id = $1 order by occurred_at, id`,
      [documentId],
    )
  ).rows as Array<{ type: string; data: Record<string, string>; ip: string | null; user_agent: string | null }>;

describe('sending', () => {
  it('mails each signer a link of their own: a 256-bit token stored only as its SHA-256', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { sent, tokens } = await sendAndCollect(owner, 'certificate', certificateId);
    expect(sent.map((signer) => [signer.status, signer.signature_method])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);

    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(tokens[0] ?? '', 'base64url')).toHaveLength(32);
    expect(new Set(tokens).size).toBe(2);

    const { rows } = await query('select id, token_hash from signature_requests where document_id = $1', [
      certificateId,
    ]);
    const hashes = rows.map((row) => row.token_hash);
    for (const token of tokens) expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    // Nowhere in the database as it is: not on the row, in the job queue or in the audit trail.
    for (const token of tokens) {
      const found = await query(
        `select (select count(*) from signature_requests s where s::text like $1)
              + (select count(*) from pgboss.job j where j::text like $1)
              + (select count(*) from audit_events a where a::text like $1) as n`,
        [`%${token}%`],
      );
      expect(Number(found.rows[0].n)).toBe(0);
    }

    const trail = (await events(certificateId)).filter((event) => event.type === 'signing.sent');
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({ ip: '198.51.100.7', user_agent: 'Owner browser' });
    expect(trail[0]?.data.documentSha256).toBe((await panel(owner, 'certificate', certificateId)).document.fingerprint);

    const view = await page(tokens[0] ?? '');
    expect(view.statusCode).toBe(200);
    const body: SignPage = view.json();
    expect(body).toMatchObject({ state: 'open', mode: 'link', company_name: 'Dry Right Waterproofing' });
    expect(body.document.id).toBe(certificateId);
    const expiresInDays = (Date.parse(body.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(13.9);
    expect(expiresInDays).toBeLessThanOrEqual(14);
  });

  it('only sends completed documents the caller owns, to valid signers', async () => {
    const owner = await newUser();
    const draft = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(owner),
      payload: { ...completedCertificateBody(owner), status: 'draft' },
    });
    expect((await send(owner, 'certificate', draft.json().id, signers(1))).statusCode).toBe(404);
    const id = await completedCertificate(owner);
    expect((await send(owner, 'certificate', id, [])).statusCode).toBe(400);
    expect((await send(owner, 'certificate', id, signers(21))).statusCode).toBe(400);
    expect((await send(owner, 'certificate', id, [{ name: 'No mail', email: 'nobody' }])).statusCode).toBe(400);
    expect((await send(owner, 'certificate', id, [{ name: '  ', email: 'a@example.com' }])).statusCode).toBe(400);
    expect((await send(owner, 'cover_sheet', id, signers(1))).statusCode).toBe(404);
    expect((await send(owner, 'nonsense', id, signers(1))).statusCode).toBe(400);
    expect((await send(owner, 'certificate', 'not-a-uuid', signers(1))).statusCode).toBe(404);
  });
});

describe('signing and declining', () => {
  it('records opened once, signed and declined with IP and user agent, and tells the owner when all have signed', async () => {
    const owner = await newUser();
    const ownerEmail = owner.user.email;
    const certificateId = await completedCertificate(owner);
    const { tokens, sent } = await sendAndCollect(owner, 'certificate', certificateId, 2);
    const [first = '', second = ''] = tokens;

    await page(first, '192.0.2.21');
    await page(first, '192.0.2.22');
    const opened = (await events(certificateId)).filter((event) => event.type === 'signing.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ ip: '192.0.2.21', user_agent: signerUa, data: { signerId: sent[0]?.id } });

    const signed = await sign(first, { name: 'Alex Builder' }, '192.0.2.23');
    expect(signed.statusCode).toBe(200);
    expect(signed.json().state).toBe('signed');
    const reuse = await sign(first);
    expect(reuse.statusCode).toBe(409);
    expect(errorOf(reuse)).toMatchObject({ code: 'conflict', message: signingMessages.linkClosed });
    const after: SignPage = (await page(first)).json();
    expect(after.state).toBe('signed');
    expect(after.signed_at).not.toBeNull();

    const signedEvent = (await events(certificateId)).find((event) => event.type === 'signing.signed');
    const fingerprint = (await panel(owner, 'certificate', certificateId)).document.fingerprint;
    expect(signedEvent).toMatchObject({ ip: '192.0.2.23', user_agent: signerUa });
    expect(signedEvent?.data).toMatchObject({ signerId: sent[0]?.id, documentSha256: fingerprint });

    expect((await sign(second, { name: 'Blair Certifier', method: 'typed' })).statusCode).toBe(200);
    const completed = (await events(certificateId)).filter((event) => event.type === 'signing.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.data.documentSha256).toBe(fingerprint);
    // The first signature's news, then the last one's: everyone has signed (two jobs: either may arrive first).
    const news = [await mail.nextMailTo(ownerEmail), await mail.nextMailTo(ownerEmail)];
    expect(news.some((message) => message.text.includes('Alex Builder signed'))).toBe(true);
    const done = news.find((message) => message.text.includes('Everyone has signed'));
    if (!done) throw new Error('no "everyone has signed" mail');
    expect(done.text).toContain(`http://app.test/certificates/${certificateId}`);

    const signers = (await panel(owner, 'certificate', certificateId)).signers;
    expect(
      Object.fromEntries(signers.map((signer) => [signer.name, [signer.status, signer.signature_method]])),
    ).toEqual({
      'Alex Builder': ['signed', 'drawn'],
      'Blair Certifier': ['signed', 'typed'],
    });
    const stored = await query(
      `select f.user_id, f.purpose from signature_requests s join files f on f.id = s.signature_file_id where s.id = $1`,
      [sent[0]?.id],
    );
    expect(stored.rows[0]).toEqual({ user_id: owner.user.id, purpose: 'signer_signature' });
  });

  it('declines with a reason, after which the link cannot sign; the signed PDF lists names, reason and fingerprints', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 2);
    const [signer = '', decliner = ''] = tokens;
    expect((await decline(decliner, '   ')).statusCode).toBe(400);
    const declined = await decline(decliner, 'The membrane brand on page 1 is wrong.', '192.0.2.31');
    expect(declined.statusCode).toBe(200);
    expect((await sign(decliner)).statusCode).toBe(409);
    expect((await decline(decliner, 'again')).statusCode).toBe(409);
    expect(((await page(decliner)).json() as SignPage).state).toBe('declined');
    const declinedEvent = (await events(certificateId)).find((event) => event.type === 'signing.declined');
    expect(declinedEvent).toMatchObject({ ip: '192.0.2.31', user_agent: signerUa });
    expect(declinedEvent?.data.reason).toBe('The membrane brand on page 1 is wrong.');

    expect((await sign(signer, { name: 'Casey Signer' })).statusCode).toBe(200);
    // Someone declined: the round is not complete.
    expect((await events(certificateId)).some((event) => event.type === 'signing.completed')).toBe(false);

    const pdf = await app.inject({
      url: `/api/signing/documents/certificate/${certificateId}/signed-pdf`,
      headers: bearer(owner),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload, 'raw')).replace(/\s+/g, ' ');
    const fingerprint = (await panel(owner, 'certificate', certificateId)).document.fingerprint;
    expect(text).toContain('Certificate of compliance');
    expect(text).toContain('Signature certificate');
    expect(text).toContain('Casey Signer');
    expect(text).toContain('The membrane brand on page 1 is wrong.');
    expect(text).toContain('Fingerprint when sent');
    expect(text).toContain('Fingerprint when signed');
    expect(text.split(fingerprint).length).toBeGreaterThan(3);
    expect(text).toContain('192.0.2.31');
    // Every time on the owner's clock, the zone named (ADR 0040), never UTC beside a Sydney document.
    expect(text).toContain('Time (Australia/Sydney)');
    expect(text).toMatch(/Signed: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}:\d{2}\s?[ap]m AE[DS]T/);
    expect(text).not.toContain('UTC');
  });

  it('refuses a signature once the certificate was amended after it was sent, and says why', async () => {
    const owner = await newUser({ premium: true });
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const edit = await patchCertificate(app, owner, certificateId, { areas: 'Laundry and ensuite' });
    expect(edit.statusCode).toBe(200);
    // The amendment is version 2: the link to version 1 was voided with it.
    expect(((await page(tokens[0] ?? '')).json() as SignPage).state).toBe('new_version');
    const refused = await sign(tokens[0] ?? '');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await events(certificateId)).some((event) => event.type === 'signing.signed')).toBe(false);
  });

  it('refuses malformed signatures: not PNG, oversized, damaged, undeclared, unnamed', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const token = tokens[0] ?? '';
    const jpeg = (
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    expect((await sign(token, { signature_png: jpeg })).statusCode).toBe(415);
    const damaged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    expect([415, 422]).toContain((await sign(token, { signature_png: damaged.toString('base64') })).statusCode);
    const oversized = Buffer.concat([Buffer.from(await signaturePng(), 'base64'), randomBytes(210 * 1024)]);
    expect([400, 413]).toContain((await sign(token, { signature_png: oversized.toString('base64') })).statusCode);
    expect((await sign(token, { read_confirmed: false })).statusCode).toBe(400);
    expect((await sign(token, { name: '' })).statusCode).toBe(400);
    expect((await sign(token, { signature_png: 'not base64 !!' })).statusCode).toBe(400);
    const malformed = await app.inject({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    // Still open after all that.
    expect(((await page(token)).json() as SignPage).state).toBe('open');
    expect((await sign(token)).statusCode).toBe(200);
  });
});

describe('link states', () => {
  it('expires after its time (recorded once, with the IP that saw it); a resend opens it again', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens, sent, list } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const token = tokens[0] ?? '';
    await query(`update signature_requests set expires_at = now() - interval '1 minute' where id = $1`, [sent[0]?.id]);
    expect((await page(token, '192.0.2.41')).json() as SignPage).toMatchObject({
      state: 'expired',
      company_name: 'Dry Right Waterproofing',
    });
    await page(token, '192.0.2.42');
    const expired = (await events(certificateId)).filter((event) => event.type === 'signing.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ ip: '192.0.2.41', user_agent: signerUa });
    expect((await sign(token)).statusCode).toBe(409);
    expect((await panel(owner, 'certificate', certificateId)).signers[0]?.status).toBe('expired');

    const resent = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${sent[0]?.id}/resend`,
      headers: bearer(owner),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('pending');
    // The same link, mailed again.
    expect(await tokenMailedTo(list[0]?.email ?? '')).toBe(token);
    expect(((await page(token)).json() as SignPage).state).toBe('open');
    expect((await events(certificateId)).filter((event) => event.type === 'signing.sent')).toHaveLength(2);
  });

  it('revokes: the page says so, the link cannot sign, and a resend is refused', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens, sent } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const revoke = () =>
      app.inject({
        method: 'POST',
        url: `/api/signing/requests/${sent[0]?.id}/revoke`,
        headers: { ...bearer(owner), 'user-agent': 'Owner browser' },
        remoteAddress: '198.51.100.9',
      });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect((await revoke()).statusCode).toBe(409);
    expect(((await page(tokens[0] ?? '')).json() as SignPage).state).toBe('revoked');
    expect((await sign(tokens[0] ?? '')).statusCode).toBe(409);
    expect((await decline(tokens[0] ?? '', 'no')).statusCode).toBe(409);
    const resend = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${sent[0]?.id}/resend`,
      headers: bearer(owner),
    });
    expect(resend.statusCode).toBe(409);
    const event = (await events(certificateId)).find((item) => item.type === 'signing.revoked');
    expect(event).toMatchObject({ ip: '198.51.100.9', user_agent: 'Owner browser', data: { signerId: sent[0]?.id } });
  });

  it('voids unsigned links when the document gets a new version; signatures stay on the old one', async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { tokens } = await sendAndCollect(owner, 'swms', swms.id, 2);
    const [signed = '', unsigned = ''] = tokens;
    expect((await sign(signed, { name: 'Early Signer' })).statusCode).toBe(200);
    await editSwms(owner, swms.id, 'Membrane application SWMS (rev)');

    expect(((await page(unsigned)).json() as SignPage).state).toBe('new_version');
    expect((await sign(unsigned)).statusCode).toBe(409);
    const after: SignPage = (await page(signed)).json();
    expect(after).toMatchObject({ state: 'signed', document: { version: 1 } });

    const view = await panel(owner, 'swms', swms.id);
    expect(view.document.version).toBe(2);
    expect(view.needs_resend).toBe(true);
    expect(view.signed_versions).toEqual([1]);
    // One insert sends both, so their order in the list is not the order they were entered in.
    expect(view.signers.map((signer) => [signer.status, signer.revoked_reason]).sort()).toEqual([
      ['revoked', 'new_version'],
      ['signed', null],
    ]);
    const v1 = await app.inject({
      url: `/api/signing/documents/swms/${swms.id}/signed-pdf?version=1`,
      headers: bearer(owner),
    });
    const text = (await pdfText(v1.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`${swms.number} · v1 ·`);
    expect(text).toMatch(/Worker sign-on register.*Early Signer/);

    await sendAndCollect(owner, 'swms', swms.id, 1);
    expect((await panel(owner, 'swms', swms.id)).needs_resend).toBe(false);
  });
});

describe('site sign-on by QR code', () => {
  it('lets workers sign the current version with name and company until revoked; the same code opens the next version', async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { response: link, token } = await openSiteLink(owner, 'swms', swms.id);
    expect(link.statusCode).toBe(200);
    expect(link.json().qr_svg).toContain('<svg');
    expect((await openSiteLink(owner, 'swms', swms.id)).token).toBe(token);

    const view: SignPage = (await page(token)).json();
    expect(view).toMatchObject({
      state: 'open',
      mode: 'site',
      signer_name: null,
      document: { version: 1 },
      changes_since: null,
    });
    const noCompany = await signOnSite(token, { name: 'Worker One' });
    expect(noCompany.statusCode).toBe(400);
    expect((await signOnSite(token, { name: 'Worker One', company: 'Tile Co' }, '192.0.2.51')).statusCode).toBe(200);
    expect((await signOnSite(token, { name: 'Worker Two', company: 'Tile Co' }, '192.0.2.51')).statusCode).toBe(200);
    expect((await decline(token, 'not today')).statusCode).toBe(409);

    const onSite = (await panel(owner, 'swms', swms.id)).signers;
    expect(onSite.map((signer) => [signer.name, signer.company, signer.status, signer.on_site])).toEqual([
      ['Worker One', 'Tile Co', 'signed', true],
      ['Worker Two', 'Tile Co', 'signed', true],
    ]);
    const signedEvents = (await events(swms.id)).filter((event) => event.type === 'signing.signed');
    expect(signedEvents).toHaveLength(2);
    expect(signedEvents[0]).toMatchObject({ ip: '192.0.2.51', user_agent: signerUa });
    const pdf = await pdfText(
      (await app.inject({ url: `/api/sign/${token}/pdf`, remoteAddress: '192.0.2.52' })).rawPayload,
      'raw',
    );
    expect(pdf.replace(/\s+/g, ' ')).toMatch(/Worker sign-on register.*Worker One.*Tile Co/);

    // The code belongs to the SWMS (ADR 0066): after an edit it opens version 2, says what changed
    // since the version the crew signed, and takes their signatures again, on version 2.
    await editSwms(owner, swms.id, 'Membrane application SWMS (rev)');
    const revised: SignPage = (await page(token)).json();
    expect(revised).toMatchObject({
      state: 'open',
      document: { version: 2 },
      changes_since: { version: 1, changed: ['Job: Title'] },
    });
    expect(revised.content?.sections[0]?.fields?.[0]).toEqual({
      label: 'Title',
      value: 'Membrane application SWMS (rev)',
    });
    // What a worker read must be what they sign: version 1's fingerprint, or none, signs nothing.
    for (const stale of [{ document_fingerprint: view.document.fingerprint }, {}]) {
      const refused = await sign(token, { name: 'Worker One', company: 'Tile Co', ...stale }, '192.0.2.53');
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(signingMessages.siteDocumentChanged);
    }
    expect((await signOnSite(token, { name: 'Worker One', company: 'Tile Co' }, '192.0.2.53')).statusCode).toBe(200);
    const byVersion = await query(
      `select document_version, signer_name from signature_requests where document_id = $1 order by created_at`,
      [swms.id],
    );
    expect(byVersion.rows.map((row) => [row.document_version, row.signer_name])).toEqual([
      [1, 'Worker One'],
      [1, 'Worker Two'],
      [2, 'Worker One'],
    ]);
    const again = await openSiteLink(owner, 'swms', swms.id);
    expect(again.token).toBe(token);
    expect(again.response.json()).toMatchObject({ version: 2, signed_on: 1 });

    const revoke = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/site-sign-on/revoke`,
      headers: bearer(owner),
    });
    expect(revoke.statusCode).toBe(200);
    expect(((await page(token)).json() as SignPage).state).toBe('site_closed');
    expect(
      (
        await sign(token, {
          name: 'Late Worker',
          company: 'Tile Co',
          document_fingerprint: revised.document.fingerprint,
        })
      ).statusCode,
    ).toBe(409);
    expect((await panel(owner, 'swms', swms.id)).site_sign_on).toBeNull();
  });

  it('keeps a SWMS version that was sent as it was: the edit is version 2, the link of version 1 is voided', async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { tokens } = await sendAndCollect(owner, 'swms', swms.id, 1);
    const edited = await editSwms(owner, swms.id, 'Membrane application SWMS (after sending)');
    expect(edited.current_version).toBe(2);
    expect(((await page(tokens[0] ?? '')).json() as SignPage).state).toBe('new_version');
    const kept = await query('select fingerprint from document_versions where document_id = $1 and version = 1', [
      swms.id,
    ]);
    expect(kept.rows).toEqual([{ fingerprint: swms.fingerprint }]);
  });

  it('keeps the printed QR code working while the SWMS is current: it follows each new version, and pauses while one is a draft', async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { token } = await openSiteLink(owner, 'swms', swms.id);
    // Version 1 left the owner's hands with its QR code: it is issued, so the edit is version 2 (ADR 0025).
    const v2 = await editSwms(owner, swms.id, 'Membrane application SWMS (typo fixed)');
    expect(v2.current_version).toBe(2);
    // Nobody signed version 1: nothing to sign again, and the code simply opens version 2.
    expect((await page(token)).json()).toMatchObject({ state: 'open', document: { version: 2 }, changes_since: null });
    expect((await panel(owner, 'swms', swms.id)).site_sign_on).toMatchObject({ version: 2 });
    expect((await signOnSite(token, { name: 'Worker One', company: 'Tile Co' }, nextIp())).statusCode).toBe(200);

    // Version 3 is being drafted and is missing something: the code waits for it rather than open a draft.
    const signed: Swms = (await app.inject({ url: `/api/swms/${swms.id}`, headers: bearer(owner) })).json();
    const draft = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers: bearer(owner),
      payload: { revision: signed.revision, body: { ...signed.body, ppe: [] }, new_version: 3 },
    });
    expect(draft.json()).toMatchObject({ current_version: 3, status: 'draft' });
    expect(((await page(token)).json() as SignPage).state).toBe('site_closed');
    // Discarded, the SWMS is back on version 2 and so is the same code.
    const back = await app.inject({
      method: 'POST',
      url: `/api/swms/${swms.id}/discard-draft`,
      headers: bearer(owner),
      payload: { revision: draft.json().revision },
    });
    expect(back.json()).toMatchObject({ current_version: 2 });
    expect((await page(token)).json()).toMatchObject({ state: 'open', document: { version: 2 } });
  });

  it('is only for documents workers sign on site, and is rate-limited per network', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    expect((await openSiteLink(owner, 'certificate', certificateId)).response.statusCode).toBe(409);
    expect((await panel(owner, 'certificate', certificateId)).site_sign_on_supported).toBe(false);

    const { token } = await openSiteLink(owner, 'swms', (await newSwms(owner)).id);
    const ip = nextIp();
    let status = 200;
    for (let count = 0; count < 45 && status === 200; count++) {
      status = (await signOnSite(token, { name: `Worker ${count}`, company: 'Crew' }, ip)).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('reminders', () => {
  it('reminds each unsigned signer once after N days, with two instances working the queue', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { list, sent, tokens } = await sendAndCollect(owner, 'certificate', certificateId, 2);
    expect((await sign(tokens[1] ?? '')).statusCode).toBe(200);
    await query(`update signature_requests set last_sent_at = now() - interval '4 days' where document_id = $1`, [
      certificateId,
    ]);

    const second = await buildTestApp(database.db, { mailer: mail.mailer });
    const producer = new JobQueue(database.db, pino({ level: 'silent' }));
    await producer.start();
    try {
      // Both instances pick sweeps up; each claims rows with skip locked and marks them reminded.
      await Promise.all(
        Array.from({ length: 6 }, () => database.db.transaction((tx) => producer.enqueue(tx, 'signing-sweep', {}))),
      );
      const reminder = await mail.nextMailTo(list[0]?.email ?? '', 15_000);
      expect(reminder.text).toContain('Reminder:');
      expect(mail.linkIn(reminder, /^\/sign\//).pathname).toBe(`/sign/${tokens[0]}`);
      await expect
        .poll(
          async () =>
            Number(
              (
                await query(
                  `select count(*) from pgboss.job where name = 'signing-sweep' and state in ('created', 'active', 'retry')`,
                )
              ).rows[0].count,
            ),
          { timeout: 15_000 },
        )
        .toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await producer.stop(1000);
      await second.close();
    }
    const reminded = (await events(certificateId)).filter((event) => event.type === 'signing.reminded');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toMatchObject({ ip: null, data: { signerId: sent[0]?.id } });
    expect(mail.messages.filter((message) => message.to.includes(list[0]?.email ?? ''))).toHaveLength(2);
    expect(mail.messages.filter((message) => message.to.includes(list[1]?.email ?? ''))).toHaveLength(1);
  });

  it('records the expiry of links nobody opened, from the sweep', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { sent } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    await query(`update signature_requests set expires_at = now() - interval '1 hour' where id = $1`, [sent[0]?.id]);
    const producer = new JobQueue(database.db, pino({ level: 'silent' }));
    await producer.start();
    try {
      await database.db.transaction((tx) => producer.enqueue(tx, 'signing-sweep', {}));
      await expect
        .poll(async () => (await events(certificateId)).filter((event) => event.type === 'signing.expired'), {
          timeout: 15_000,
        })
        .toHaveLength(1);
    } finally {
      await producer.stop(1000);
    }
    const [expired] = (await events(certificateId)).filter((event) => event.type === 'signing.expired');
    expect(expired).toMatchObject({ ip: null, actor_kind: 'system' });
  });
});

describe('SWMS and cover sheets', () => {
  it('sends a SWMS once it is ready and not a template; a cover sheet too, by link only', async () => {
    const owner = await newUser();
    const draft = (await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(owner), payload: {} })).json();
    expect((await send(owner, 'swms', draft.id, signers(1))).statusCode).toBe(404);
    const swms = await newSwms(owner);
    const template = await editSwms(owner, (await newSwms(owner, 'Template')).id, 'Template');
    const asTemplate = await app.inject({
      method: 'PUT',
      url: `/api/swms/${template.id}`,
      headers: bearer(owner),
      payload: { revision: template.revision, body: template.body, is_template: true },
    });
    expect(asTemplate.statusCode).toBe(200);
    expect((await send(owner, 'swms', template.id, signers(1))).statusCode).toBe(404);

    const sheet = await app.inject({
      method: 'POST',
      url: '/api/cover-sheets',
      headers: bearer(owner),
      payload: { swms_ids: [swms.id] },
    });
    const { id, revision, body } = sheet.json();
    expect((await send(owner, 'cover_sheet', id, signers(1))).statusCode).toBe(404);
    const ready = await app.inject({
      method: 'PUT',
      url: `/api/cover-sheets/${id}`,
      headers: bearer(owner),
      payload: {
        revision,
        body: { ...body, principal_contractor: { ...body.principal_contractor, company: 'Harbourside Builders' } },
      },
    });
    expect(ready.statusCode).toBe(200);
    const view = await panel(owner, 'cover_sheet', id);
    expect(view).toMatchObject({ site_sign_on_supported: false, document: { kind: 'cover_sheet', version: 1 } });
    const { tokens } = await sendAndCollect(owner, 'cover_sheet', id, 1);
    expect((await sign(tokens[0] ?? '', { name: 'Pat Approver' })).statusCode).toBe(200);
    expect((await openSiteLink(owner, 'cover_sheet', id)).response.statusCode).toBe(409);
    const signed = await app.inject({
      url: `/api/signing/documents/cover_sheet/${id}/signed-pdf`,
      headers: bearer(owner),
    });
    const text = (await pdfText(signed.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Harbourside Builders');
    expect(text).toContain('Pat Approver');
  });

  it("prints a SWMS's signers on its register, with names, the decline reason and fingerprints after it", async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { tokens } = await sendAndCollect(owner, 'swms', swms.id, 2);
    const [signer = '', decliner = ''] = tokens;
    expect((await sign(signer, { name: 'Casey Signer' })).statusCode).toBe(200);
    expect((await decline(decliner, 'Step 2 misses the ladder controls.')).statusCode).toBe(200);
    const pdf = await app.inject({ url: `/api/signing/documents/swms/${swms.id}/signed-pdf`, headers: bearer(owner) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toMatch(/Worker sign-on register.*Casey Signer.*Signature certificate/);
    expect(text).toContain('Step 2 misses the ladder controls.');
    expect(text.split(swms.fingerprint).length).toBeGreaterThan(3);
  });
});

describe('isolation and hostile input', () => {
  it('keeps owners to their own documents and requests, and signers to their own document', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const certificateId = await completedCertificate(alice);
    const other = await completedCertificate(alice);
    const { sent, tokens } = await sendAndCollect(alice, 'certificate', certificateId, 1);
    await sendAndCollect(alice, 'certificate', other, 1);
    const swms = await newSwms(alice);

    const asBob = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(bob), ...(payload && { payload }) });
    const base = `/api/signing/documents/certificate/${certificateId}`;
    expect((await asBob('GET', base)).statusCode).toBe(404);
    expect((await asBob('POST', `${base}/requests`, { signers: signers(1) })).statusCode).toBe(404);
    expect((await asBob('GET', `${base}/signed-pdf`)).statusCode).toBe(404);
    expect((await asBob('GET', `/api/signing/documents/swms/${swms.id}`)).statusCode).toBe(404);
    expect(
      (await asBob('POST', `/api/signing/documents/swms/${swms.id}/requests`, { signers: signers(1) })).statusCode,
    ).toBe(404);
    expect((await asBob('GET', `/api/signing/documents/swms/${swms.id}/signed-pdf`)).statusCode).toBe(404);
    expect((await asBob('POST', `/api/signing/documents/swms/${swms.id}/site-sign-on`, {})).statusCode).toBe(404);
    expect((await asBob('POST', `/api/signing/documents/swms/${swms.id}/site-sign-on/revoke`)).statusCode).toBe(404);
    expect((await asBob('POST', `/api/signing/requests/${sent[0]?.id}/resend`)).statusCode).toBe(404);
    expect((await asBob('POST', `/api/signing/requests/${sent[0]?.id}/revoke`)).statusCode).toBe(404);
    expect((await asBob('POST', '/api/signing/requests/not-a-uuid/revoke')).statusCode).toBe(404);

    for (const [method, url] of [
      ['GET', base],
      ['POST', `${base}/requests`],
      ['GET', `${base}/signed-pdf`],
      ['POST', `/api/signing/requests/${sent[0]?.id}/resend`],
      ['POST', `/api/signing/requests/${sent[0]?.id}/revoke`],
      ['POST', `/api/signing/documents/swms/${swms.id}/site-sign-on`],
      ['POST', `/api/signing/documents/swms/${swms.id}/site-sign-on/revoke`],
    ] as const) {
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }

    // Alice's request is untouched, and her link shows her document and no other.
    expect((await panel(alice, 'certificate', certificateId)).signers[0]?.status).toBe('pending');
    const view: SignPage = (await page(tokens[0] ?? '')).json();
    expect(view.document.id).toBe(certificateId);
    const pdf = await app.inject({ url: `/api/sign/${tokens[0]}/pdf`, remoteAddress: nextIp() });
    expect(pdf.statusCode).toBe(200);
    const number = (await panel(alice, 'certificate', certificateId)).document.number;
    const otherNumber = (await panel(alice, 'certificate', other)).document.number;
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(number);
    expect(text).not.toContain(otherNumber);
    expect((await panel(bob, 'certificate', await completedCertificate(bob))).signers).toEqual([]);
  });

  it('answers every unknown token alike, and limits guessing per IP', async () => {
    const ip = nextIp();
    const unknown = await page(randomBytes(32).toString('base64url'), ip);
    const malformed = await page('x', ip);
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual(errorOf(malformed));
    expect(errorOf(unknown).message).toBe(signingMessages.notFound);
    expect((await page('y'.repeat(300), ip)).statusCode).toBe(400);
    expect((await sign(randomBytes(32).toString('base64url'), {}, ip)).statusCode).toBe(404);
    expect((await decline(randomBytes(32).toString('base64url'), 'no', ip)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/sign/${randomBytes(32).toString('base64url')}/pdf`, remoteAddress: ip }))
        .statusCode,
    ).toBe(404);
    let status = 404;
    for (let count = 0; count < 25 && status === 404; count++) {
      status = (await page(randomBytes(32).toString('base64url'), ip)).statusCode;
    }
    expect(status).toBe(429);
    // Another address is not affected.
    expect((await page(randomBytes(32).toString('base64url'), nextIp())).statusCode).toBe(404);
  });

  it('limits resending per link', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { sent } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const statuses: number[] = [];
    for (let count = 0; count < 4; count++) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: `/api/signing/requests/${sent[0]?.id}/resend`,
            headers: bearer(owner),
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('three ways to sign (ADR 0052)', () => {
  const storedSignatureOf = async (token: string) =>
    (
      await query(
        `select r.signature_method, f.width, f.height, f.content_type, f.byte_size
           from signature_requests r left join files f on f.id = r.signature_file_id
          where r.token_hash = $1`,
        [createHash('sha256').update(token).digest('hex')],
      )
    ).rows[0] as
      | { signature_method: string | null; width: number; height: number; content_type: string; byte_size: number }
      | undefined;

  it('records how each signer signed: in the row, the audit trail and the signed PDF', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 3);
    const [typist = '', uploader = '', drawer = ''] = tokens;
    expect((await sign(typist, { name: 'Tess Typist', method: 'typed' })).statusCode).toBe(200);
    expect((await sign(uploader, { name: 'Uma Uploader', method: 'uploaded' })).statusCode).toBe(200);
    expect((await sign(drawer, { name: 'Dan Drawer' })).statusCode).toBe(200);

    expect((await storedSignatureOf(typist))?.signature_method).toBe('typed');
    expect((await storedSignatureOf(uploader))?.signature_method).toBe('uploaded');
    expect((await storedSignatureOf(drawer))?.signature_method).toBe('drawn');
    const signed = (await events(certificateId)).filter((event) => event.type === 'signing.signed');
    expect(signed.map((event) => event.data.method)).toEqual(['typed', 'uploaded', 'drawn']);

    const pdf = await app.inject({
      url: `/api/signing/documents/certificate/${certificateId}/signed-pdf`,
      headers: bearer(owner),
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload, 'raw')).replace(/\s+/g, ' ');
    // Each signer's own entry (no other signer's between the name and the line) says how they signed.
    for (const [name, method] of [
      ['Tess Typist', 'typed'],
      ['Uma Uploader', 'uploaded'],
      ['Dan Drawer', 'drawn'],
    ]) {
      expect(text).toMatch(new RegExp(`${name}: signed (?:(?!: signed ).)*Signature: ${method} `));
    }
    expect(text).toContain('signed (typed)');
    expect(text).toContain('signed (uploaded)');
  });

  it('records the method of a crew sign-on by QR code too', async () => {
    const owner = await newUser();
    const swms = await newSwms(owner);
    const { token } = await openSiteLink(owner, 'swms', swms.id);
    const signedOn = await signOnSite(token, { name: 'Gloves Worker', company: 'Tile Co', method: 'typed' }, nextIp());
    expect(signedOn.statusCode).toBe(200);
    const rows = await query('select signature_method from signature_requests where document_id = $1', [swms.id]);
    expect(rows.rows).toEqual([{ signature_method: 'typed' }]);
    const event = (await events(swms.id)).find((row) => row.type === 'signing.signed');
    expect(event?.data.method).toBe('typed');
  });

  it('refuses a method that is not drawn, typed or uploaded, in the error shape, and signs nothing', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const token = tokens[0] ?? '';
    for (const method of ['stamped', 'TYPED', '', 7, null]) {
      const refused = await sign(token, { method });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe('validation_failed');
    }
    const missing = await app.inject({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      remoteAddress: nextIp(),
      payload: { name: 'No Method', read_confirmed: true, signature_png: await signaturePng() },
    });
    expect(missing.statusCode).toBe(400);
    expect((await storedSignatureOf(token))?.signature_method).toBeNull();
    expect(((await page(token)).json() as SignPage).state).toBe('open');
  });

  it('bounds an uploaded image like a drawing, and refuses one that is huge or not an image', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const token = tokens[0] ?? '';

    const notAnImage = await sign(token, {
      method: 'uploaded',
      signature_png: Buffer.from('%PDF-1.7 not a signature').toString('base64'),
    });
    expect(notAnImage.statusCode).toBe(415);
    expect(errorOf(notAnImage).message).toBe('The signature must be a PNG image. Sign again.');
    // Just over the byte bound: the route's check says so in words.
    const png = Buffer.from(await signaturePng(), 'base64');
    const overBytes = Buffer.concat([png, randomBytes(200 * 1024 + 1 - png.length)]);
    const tooLarge = await sign(token, { method: 'uploaded', signature_png: overBytes.toString('base64') });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).message).toBe('The signature image is too large. Clear it and sign again.');
    // A small file declaring 60 megapixels is refused from its header, before decoding.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(6_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const tooManyPixels = await sign(token, { method: 'uploaded', signature_png: bomb.toString('base64') });
    expect(tooManyPixels.statusCode).toBe(422);
    expect(errorOf(tooManyPixels).message).toMatch(/too large \(over 50 megapixels\)/);
    expect(((await page(token)).json() as SignPage).state).toBe('open');

    // A photo of a signature, far bigger than a drawing: kept within 600×200 and a few colours.
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#f4f1ea' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="3000" height="1500"><path d="M100 1200 C 900 100, 1800 100, 2900 900" stroke="#1d3f8f" stroke-width="40" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const uploaded = await sign(token, {
      name: 'Pat Photo',
      method: 'uploaded',
      signature_png: photo.toString('base64'),
    });
    expect(uploaded.statusCode).toBe(200);
    const stored = await storedSignatureOf(token);
    expect(stored).toMatchObject({ signature_method: 'uploaded', content_type: 'image/png' });
    expect(stored?.width).toBeLessThanOrEqual(600);
    expect(stored?.height).toBeLessThanOrEqual(200);
    expect(stored?.byte_size).toBeLessThan(30 * 1024);
  });

  it('still refuses a revoked link, whichever way the signature was made', async () => {
    const owner = await newUser();
    const certificateId = await completedCertificate(owner);
    const { tokens, sent } = await sendAndCollect(owner, 'certificate', certificateId, 1);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${sent[0]?.id}/revoke`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(200);
    for (const method of ['typed', 'uploaded', 'drawn']) {
      const refused = await sign(tokens[0] ?? '', { method });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'conflict', message: signingMessages.linkClosed });
    }
    expect(await storedSignatureOf(tokens[0] ?? '')).toMatchObject({ signature_method: null, width: null });
    expect((await events(certificateId)).some((event) => event.type === 'signing.signed')).toBe(false);
  });
});
