import { randomBytes } from 'node:crypto';
import { type Certificate, type Session, SIGNED_CERTIFICATE_MESSAGE, type Swms } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { setUpTestApp } from './support/app.ts';
import { bearer, registerConfirmedUser } from './support/auth-helpers.ts';
import { createCompletedCertificate } from './support/certificates.ts';
import type { TestDatabase } from './support/database.ts';
import { grantPremium } from './support/entitlements.ts';
import type { MailCatcher } from './support/mail-catcher.ts';
import { errorOf } from './support/responses.ts';
import { createReadySwms } from './support/swms.ts';

/*
 * Issue 20, items 2 and 3: "a signed version is never rewritten" and "a changed document is
 * refused" must hold when a signature and an edit of the same version arrive together. Each test
 * fires them in parallel, many rounds over, and checks every stored signature against the content
 * of the version it is on.
 */

let database: TestDatabase;
let mail: MailCatcher;
let app: App;

setUpTestApp({}, (environment) => {
  ({ database, mail, app } = environment);
});

const ROUNDS = 12;
const query = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

let signatureCache: string | undefined;
const signaturePng = async () => {
  signatureCache ??= (
    await sharp({ create: { width: 300, height: 100, channels: 4, background: '#0f172a' } })
      .png()
      .toBuffer()
  ).toString('base64');
  return signatureCache;
};

const sign = async (token: string, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    remoteAddress: nextIp(),
    payload: { name: 'Kim Worker', read_confirmed: true, signature_png: await signaturePng(), ...extra },
  });

async function autosave(session: Session, swms: Swms, title: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/swms/${swms.id}`,
    headers: bearer(session),
    payload: { revision: swms.revision, body: { ...swms.body, title } },
  });
}

async function siteToken(session: Session, swmsId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/swms/${swmsId}/site-sign-on`,
    headers: bearer(session),
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return new URL(response.json().url).pathname.slice('/sign/'.length);
}

async function emailedToken(session: Session, kind: string, id: string) {
  const email = `builder-${randomBytes(6).toString('hex')}@example.com`;
  const sent = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/requests`,
    headers: bearer(session),
    payload: { signers: [{ name: 'Bea Builder', email, role: 'Builder' }] },
  });
  expect(sent.statusCode).toBe(201);
  return mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
}

/** Every signature on a SWMS, beside the fingerprint of the version content it is stored on now. */
async function swmsSignaturesAgainstVersions(swmsId: string) {
  const { rows } = await query(
    `select r.fingerprint_at_sign, v.fingerprint as version_fingerprint
       from signature_requests r
       join safety_document_versions v on v.document_id = r.document_id and v.version = r.document_version
      where r.document_id = $1 and r.signed_at is not null`,
    [swmsId],
  );
  return rows as Array<{ fingerprint_at_sign: string; version_fingerprint: string }>;
}

describe('signing and saving the same version at once', () => {
  it('crew sign-on vs autosave: a signature always matches the content of its version', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const swms = await createReadySwms(app, owner, `Round ${round}`);
      const token = await siteToken(owner, swms.id);
      const [signed, saved] = await Promise.all([
        sign(token, { company: 'Tile Co' }),
        autosave(owner, swms, `Round ${round}, edited`),
      ]);
      expect([200, 409]).toContain(signed.statusCode);
      expect(saved.statusCode).toBe(200);
      outcomes.add(`${signed.statusCode}/${(saved.json() as Swms).current_version}`);
      for (const row of await swmsSignaturesAgainstVersions(swms.id)) {
        expect(row.fingerprint_at_sign).toBe(row.version_fingerprint);
      }
    }
    // Either order is fine, but a signature never lands on rewritten content.
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('emailed link vs autosave: a signature always matches the content of its version', async () => {
    const owner = await registerConfirmedUser(app, mail);
    for (let round = 0; round < ROUNDS; round++) {
      const swms = await createReadySwms(app, owner, `Emailed ${round}`);
      const token = await emailedToken(owner, 'swms', swms.id);
      const [signed, saved] = await Promise.all([sign(token), autosave(owner, swms, `Emailed ${round}, edited`)]);
      expect([200, 409]).toContain(signed.statusCode);
      expect(saved.statusCode).toBe(200);
      for (const row of await swmsSignaturesAgainstVersions(swms.id)) {
        expect(row.fingerprint_at_sign).toBe(row.version_fingerprint);
      }
    }
  });
});

describe('a signed certificate', () => {
  async function premiumOwner() {
    const session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, session.user.id);
    return session;
  }

  const patch = (session: Session, id: string, additionalInfo: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/certificates/${id}`,
      headers: bearer(session),
      payload: { additional_info: additionalInfo },
    });

  it('can be neither changed nor deleted, and keeps its signature', async () => {
    const owner = await premiumOwner();
    const id = await createCompletedCertificate(app, owner);
    expect((await sign(await emailedToken(owner, 'certificate', id))).statusCode).toBe(200);

    const edited = await patch(owner, id, 'Changed after signing');
    expect(edited.statusCode).toBe(409);
    expect(errorOf(edited)).toEqual({ code: 'conflict', message: SIGNED_CERTIFICATE_MESSAGE });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(owner) });
    expect(deleted.statusCode).toBe(409);
    expect(errorOf(deleted).message).toBe(SIGNED_CERTIFICATE_MESSAGE);

    const certificate: Certificate = (
      await app.inject({ url: `/api/certificates/${id}`, headers: bearer(owner) })
    ).json();
    expect(certificate.additional_info).not.toBe('Changed after signing');
    const { rows } = await query('select fingerprint_at_sign from signature_requests where document_id = $1', [id]);
    expect(rows).toEqual([{ fingerprint_at_sign: certificate.fingerprint }]);
  });

  it('sign vs edit at once: either the edit is refused or the signature is, never both applied', async () => {
    const owner = await premiumOwner();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await createCompletedCertificate(app, owner);
      const token = await emailedToken(owner, 'certificate', id);
      const [signed, edited] = await Promise.all([sign(token), patch(owner, id, `Edited in round ${round}`)]);
      expect([signed.statusCode, edited.statusCode].sort()).toEqual([200, 409]);
      const certificate: Certificate = (
        await app.inject({ url: `/api/certificates/${id}`, headers: bearer(owner) })
      ).json();
      const { rows } = await query(
        'select fingerprint_at_sign from signature_requests where document_id = $1 and signed_at is not null',
        [id],
      );
      for (const row of rows) expect(row.fingerprint_at_sign).toBe(certificate.fingerprint);
    }
  });
});
