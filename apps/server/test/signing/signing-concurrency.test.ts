import type { Certificate, Session, Swms } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recordFigures } from '../reliability/figures.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { mailedSigningToken } from '../support/signing.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * ADR 0022: "a signed version is never rewritten" and "a changed document is
 * refused" must hold when a signature and an edit of the same version arrive together. Each test
 * fires them in parallel, many rounds over, and checks every stored signature against the content
 * of the version it is on.
 */

const { database, mail, app, query } = setUpTestApp();

const ROUNDS = 12;
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
    payload: {
      name: 'Kim Worker',
      read_confirmed: true,
      method: 'drawn',
      signature_png: await signaturePng(),
      ...extra,
    },
  });

async function autosave(session: Session, swms: Swms, title: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/swms/${swms.id}`,
    headers: bearer(session),
    // The owner agreed to start the next version, should the version be issued by then (ADR 0066).
    payload: { revision: swms.revision, body: { ...swms.body, title }, new_version: swms.current_version + 1 },
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

/** Every signature on a SWMS, beside the fingerprint of the version content it is stored on now. */
async function swmsSignaturesAgainstVersions(swmsId: string) {
  const { rows } = await query(
    `select r.fingerprint_at_sign, v.fingerprint as version_fingerprint
       from signature_requests r
       join document_versions v on v.document_id = r.document_id and v.version = r.document_version
      where r.document_id = $1 and r.signed_at is not null`,
    [swmsId],
  );
  return rows as Array<{ fingerprint_at_sign: string; version_fingerprint: string }>;
}

describe('signing and saving the same version at once', () => {
  it('crew sign-on vs autosave: a signature always matches the content of its version', async (context) => {
    const owner = await registerConfirmedUser(app, mail);
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const swms = await createReadySwms(app, owner, `Round ${round}`);
      const token = await siteToken(owner, swms.id);
      const [signed, saved] = await Promise.all([
        // The worker read version 1: their sign-on names it, and signs it or nothing (ADR 0066).
        sign(token, { company: 'Tile Co', document_fingerprint: swms.fingerprint }),
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
    recordFigures(context, { racesHeld: 1 });
  });

  it('emailed link vs autosave: a signature always matches the content of its version', async (context) => {
    const owner = await registerConfirmedUser(app, mail);
    for (let round = 0; round < ROUNDS; round++) {
      const swms = await createReadySwms(app, owner, `Emailed ${round}`);
      const token = await mailedSigningToken(app, mail, owner, 'swms', swms.id);
      const [signed, saved] = await Promise.all([sign(token), autosave(owner, swms, `Emailed ${round}, edited`)]);
      expect([200, 409]).toContain(signed.statusCode);
      expect(saved.statusCode).toBe(200);
      for (const row of await swmsSignaturesAgainstVersions(swms.id)) {
        expect(row.fingerprint_at_sign).toBe(row.version_fingerprint);
      }
    }
    recordFigures(context, { racesHeld: 1 });
  });
});

describe('a signed certificate', () => {
  async function premiumOwner() {
    const session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, session.user.id);
    return session;
  }

  const patch = (session: Session, id: string, additionalInfo: string) =>
    patchCertificate(app, session, id, { additional_info: additionalInfo });

  const read = async (session: Session | null, id: string, version?: number): Promise<Certificate> => {
    const response = await app.inject({
      url: `/api/certificates/${id}${version ? `?version=${version}` : ''}`,
      headers: session ? bearer(session) : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('is amended, never rewritten: version 1 keeps its content, signature and signed PDF; deleting withdraws it', async () => {
    const owner = await premiumOwner();
    const id = await createCompletedCertificate(app, owner);
    const first = await read(owner, id);
    expect((await sign(await mailedSigningToken(app, mail, owner, 'certificate', id))).statusCode).toBe(200);

    const edited = await patch(owner, id, 'Changed after signing');

    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, additional_info: 'Changed after signing' });

    const versionOne = await read(null, id, 1);
    expect(versionOne.fingerprint).toBe(first.fingerprint);
    expect(versionOne.additional_info).toBe(first.additional_info);
    expect(versionOne.verdict).toMatchObject({ status: 'superseded', superseded_by: { version: 2 } });
    const { rows } = await query('select fingerprint_at_sign from signature_requests where document_id = $1', [id]);
    expect(rows).toEqual([{ fingerprint_at_sign: first.fingerprint }]);

    const signedPdf = await app.inject({
      url: `/api/signing/documents/certificate/${id}/signed-pdf?version=1`,
      headers: bearer(owner),
    });
    expect(signedPdf.statusCode).toBe(200);
    const text = await pdfText(signedPdf.rawPayload);
    expect(text).toContain(first.fingerprint.slice(0, 16));
    expect(text).not.toContain('Changed after signing');

    const deleted = await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(owner) });
    expect(deleted.statusCode).toBe(200);
    const list = await app.inject({ url: '/api/certificates', headers: bearer(owner) });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await read(null, id, 1)).verdict.status).toBe('withdrawn');
    expect((await read(null, id, 2)).verdict.status).toBe('withdrawn');
    const kept = await query('select version from document_versions where document_id = $1', [id]);
    expect(kept.rows).toEqual([{ version: 1 }]);
  });

  it('sign vs edit at once: the edit makes version 2, and any signature is on version 1 as it was', async (context) => {
    const owner = await premiumOwner();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await createCompletedCertificate(app, owner);
      const versionOne = await read(owner, id);
      const token = await mailedSigningToken(app, mail, owner, 'certificate', id);
      const [signed, edited] = await Promise.all([sign(token), patch(owner, id, `Edited in round ${round}`)]);
      expect(edited.statusCode).toBe(200);
      expect([200, 409]).toContain(signed.statusCode);
      const { rows } = await query(
        'select document_version, fingerprint_at_sign from signature_requests where document_id = $1 and signed_at is not null',
        [id],
      );
      for (const row of rows) {
        expect(row).toEqual({ document_version: 1, fingerprint_at_sign: versionOne.fingerprint });
      }
    }
    recordFigures(context, { racesHeld: 1 });
  });
});

describe('the first acts that issue a SWMS version, at once', () => {
  it('print, send for signing, copy sent and site sign-on racing: one issued_at, one document.issued event', async (context) => {
    const owner = await registerConfirmedUser(app, mail);
    // Two recipients a round, inside a new account's day of signing recipients.
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const swms = await createReadySwms(app, owner, `Issued at once ${round}`);
      const acts = await Promise.all([
        app.inject({ url: `/api/swms/${swms.id}/pdf`, headers: bearer(owner) }),
        app.inject({
          method: 'POST',
          url: `/api/signing/documents/swms/${swms.id}/requests`,
          headers: bearer(owner),
          payload: { signers: [{ name: 'Alex Builder', email: `race-${round}@builder.example` }] },
        }),
        app.inject({
          method: 'POST',
          url: `/api/signing/documents/swms/${swms.id}/sends`,
          headers: bearer(owner),
          payload: { email: `copy-${round}@builder.example`, name: 'Acme Builders' },
        }),
        app.inject({
          method: 'POST',
          url: `/api/signing/documents/swms/${swms.id}/site-sign-on`,
          headers: bearer(owner),
          payload: {},
        }),
      ]);
      expect(acts.map((act) => act.statusCode)).toEqual([200, 201, 201, 200]);
      const { rows } = await query(
        `select (select count(*)::int from audit_events where type = 'document.issued' and subject_id = $1) as events,
                (select count(*)::int from document_versions where document_id = $1 and issued_at is not null) as marked`,
        [swms.id],
      );
      expect(rows).toEqual([{ events: 1, marked: 1 }]);
    }
    recordFigures(context, { racesHeld: 1 });
  });
});
