import {
  type Certificate,
  DOCUMENT_VERSION_LIMIT,
  type Session,
  STALE_CERTIFICATE_MESSAGE,
  versionLimitMessage,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { signByEmail } from '../support/signing.ts';

/*
 * An issued certificate is never rewritten (ADR 0025). An edit makes the next version; every issued
 * version still answers, with its own fingerprint, PDF and verdict.
 */

const { database, mail, app, query } = setUpTestApp();

async function premiumUser() {
  const session = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, session.user.id);
  return session;
}

async function create(session: Session, extra: Record<string, unknown> = {}): Promise<Certificate> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: completedCertificateBody(session, extra),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const patch = (session: Session, id: string, payload: object) => patchCertificate(app, session, id, payload);

async function read(session: Session | null, id: string, version?: number): Promise<Certificate> {
  const response = await app.inject({
    url: `/api/certificates/${id}${version ? `?version=${version}` : ''}`,
    headers: session ? bearer(session) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const monthCount = async (userId: string) =>
  (
    await query(
      `select coalesce(sum(count), 0)::int as count from monthly_certificate_counts where business_id = (select business_id from memberships where user_id = $1)`,
      [userId],
    )
  ).rows[0].count;

describe('amending an issued certificate', () => {
  it('makes version 2 with its date and reason; version 1 still verifies as superseded, with its fingerprint and PDF', async () => {
    const owner = await premiumUser();
    const first = await create(owner, { areas: 'Ensuite' });
    expect(first).toMatchObject({ version: 1, revision: 0, verdict: { status: 'current' } });
    const firstPdf = await app.inject({ url: `/api/certificates/${first.id}/pdf` });

    const amended = await patch(owner, first.id, {
      areas: 'Ensuite and laundry',
      revision: first.revision,
      amendment_reason: 'The laundry was left off — Đặng’s note',
    });
    expect(amended.statusCode).toBe(200);
    const second: Certificate = amended.json();
    expect(second).toMatchObject({
      version: 2,
      certificate_number: first.certificate_number,
      completed_at: first.completed_at,
      amendment_reason: 'The laundry was left off — Đặng’s note',
      verdict: { status: 'current' },
    });
    expect(second.fingerprint).not.toBe(first.fingerprint);

    const versionOne = await read(null, first.id, 1);
    expect(versionOne).toMatchObject({ areas: 'Ensuite', fingerprint: first.fingerprint, version: 1 });
    expect(versionOne.verdict).toEqual({
      status: 'superseded',
      superseded_by: { version: 2, amended_at: second.amended_at },
      withdrawn_at: null,
    });
    expect((await read(null, first.id)).verdict.status).toBe('current');
    const versionOnePdf = await app.inject({ url: `/api/certificates/${first.id}/pdf?version=1` });
    expect(versionOnePdf.rawPayload.equals(firstPdf.rawPayload)).toBe(true);
    const secondText = await pdfText((await app.inject({ url: `/api/certificates/${first.id}/pdf` })).rawPayload);
    expect(secondText).toContain('Reason for the amendment: The laundry was left off — Đặng’s note');

    const history = await app.inject({ url: `/api/certificates/${first.id}/versions`, headers: bearer(owner) });
    expect(history.json().items).toEqual([
      expect.objectContaining({ version: 1, fingerprint: first.fingerprint, current: false, amendment_reason: null }),
      expect.objectContaining({ version: 2, fingerprint: second.fingerprint, current: true, signatures: [] }),
    ]);
    const notIssued = await app.inject({ url: `/api/certificates/${first.id}?version=3` });
    expect(notIssued.statusCode).toBe(404);
  });

  it('refuses a save made from an older revision, and writes nothing for a save that changes nothing', async () => {
    const owner = await premiumUser();
    const first = await create(owner);
    expect((await patch(owner, first.id, { areas: 'Laundry', revision: 0 })).statusCode).toBe(200);
    const stale = await patch(owner, first.id, { areas: 'Balcony', revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({ code: 'conflict', message: STALE_CERTIFICATE_MESSAGE });
    // Every save says which revision it was made from: one that does not is refused, not applied.
    const blind = await app.inject({
      method: 'PATCH',
      url: `/api/certificates/${first.id}`,
      headers: bearer(owner),
      payload: { areas: 'Balcony' },
    });
    expect(blind.statusCode).toBe(400);
    expect(errorOf(blind).details?.map((detail) => detail.path)).toEqual(['revision']);
    const same = await patch(owner, first.id, { areas: 'Laundry' });
    expect(same.json()).toMatchObject({ version: 2, revision: 1 });
    const { rows } = await query('select count(*)::int as count from document_versions where document_id = $1', [
      first.id,
    ]);
    expect(rows[0].count).toBe(1);
  });

  it('answers a save sent again after its answer was lost with the record it made, once', async () => {
    const owner = await premiumUser();
    const first = await create(owner);
    const amendment = { areas: 'Laundry', amendment_reason: 'Laundry added', revision: first.revision };
    const saved = await patch(owner, first.id, amendment);
    expect(saved.statusCode).toBe(200);
    // The outbox sends the same save again (its first answer never came): nothing is made twice.
    const again = await patch(owner, first.id, amendment);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ version: 2, revision: saved.json().revision, areas: 'Laundry' });
    const { rows } = await query('select count(*)::int as count from document_versions where document_id = $1', [
      first.id,
    ]);
    expect(rows[0].count).toBe(1);
    // The same revision with other content, or another reason, is a real conflict.
    for (const other of [
      { ...amendment, areas: 'Balcony' },
      { ...amendment, amendment_reason: 'Other reason' },
    ]) {
      const refused = await patch(owner, first.id, other);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({ code: 'conflict', message: STALE_CERTIFICATE_MESSAGE });
    }
  });

  it('makes one version of the same save sent twice at once (a retry racing the first)', async () => {
    const owner = await premiumUser();
    const first = await create(owner);
    const save = { areas: 'Ensuite and balcony', revision: first.revision };
    const answers = await Promise.all([patch(owner, first.id, save), patch(owner, first.id, save)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().version)).toEqual([2, 2]);
    const { rows } = await query('select count(*)::int as count from document_versions where document_id = $1', [
      first.id,
    ]);
    expect(rows[0].count).toBe(1);
  });

  it('lets one of two amendments made at once from the same revision through, and refuses the other', async () => {
    const owner = await premiumUser();
    const first = await create(owner, { areas: 'Ensuite' });
    const [a, b] = await Promise.all(
      ['Ensuite and laundry', 'Ensuite and balcony'].map((areas) =>
        patch(owner, first.id, { areas, revision: first.revision }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const winner = (a?.statusCode === 200 ? a : b)?.json() as Certificate;
    expect(winner.version).toBe(2);
    // Version 1 is kept once, as it was; the refused edit left nothing behind.
    const { rows } = await query(
      'select version, fingerprint from document_versions where document_id = $1 order by version',
      [first.id],
    );
    expect(rows).toEqual([{ version: 1, fingerprint: first.fingerprint }]);
    expect(await read(owner, first.id)).toMatchObject({ version: 2, areas: winner.areas, revision: winner.revision });
  });

  it(`stops at ${DOCUMENT_VERSION_LIMIT} versions: the amendment that would make one more is refused`, async () => {
    const owner = await premiumUser();
    const certificate = await create(owner);
    // As if amended 99 times (the kept versions themselves do not matter to the rule).
    await query('update certificates set version = $2 where id = $1', [certificate.id, DOCUMENT_VERSION_LIMIT]);
    const refused = await patch(owner, certificate.id, { areas: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: versionLimitMessage });
    expect(await read(owner, certificate.id)).toMatchObject({
      version: DOCUMENT_VERSION_LIMIT,
      areas: certificate.areas,
    });
  });

  it('counts by status over every transition, and never counts an amendment twice', async () => {
    const owner = await premiumUser();
    const userId = owner.user.id;
    const draft: Certificate = (
      await app.inject({
        method: 'POST',
        url: '/api/certificates',
        headers: bearer(owner),
        payload: completedCertificateBody(owner, { status: 'draft' }),
      })
    ).json();
    expect(await monthCount(userId)).toBe(0);
    expect((await patch(owner, draft.id, { status: 'completed' })).json()).toMatchObject({ version: 1 });
    expect(await monthCount(userId)).toBe(1);
    // Amending an issued certificate: still one.
    expect((await patch(owner, draft.id, { areas: 'Laundry' })).json()).toMatchObject({ version: 2 });
    expect(await monthCount(userId)).toBe(1);
    // Back to draft: the draft is version 3, version 2 stays issued and current meanwhile.
    const backToDraft: Certificate = (await patch(owner, draft.id, { status: 'draft' })).json();
    expect(backToDraft).toMatchObject({ version: 3, status: 'draft', verdict: { status: 'not_issued' } });
    expect(await monthCount(userId)).toBe(0);
    expect((await read(null, draft.id)).version).toBe(2);
    expect((await read(null, draft.id, 2)).verdict.status).toBe('current');
    // Completed again, with a reason given on the draft: version 3 is issued, counted once.
    expect((await patch(owner, draft.id, { amendment_reason: 'Areas corrected' })).json().version).toBe(3);
    const reissued: Certificate = (await patch(owner, draft.id, { status: 'completed' })).json();
    expect(reissued).toMatchObject({
      version: 3,
      amendment_reason: 'Areas corrected',
      amended_at: expect.any(String),
      verdict: { status: 'current' },
    });
    expect(await monthCount(userId)).toBe(1);
    expect((await read(null, draft.id, 2)).verdict).toMatchObject({
      status: 'superseded',
      superseded_by: { version: 3 },
    });
    // Deleting an unsigned one deletes it and every kept version.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/certificates/${draft.id}`, headers: bearer(owner) })).statusCode,
    ).toBe(200);
    expect(await monthCount(userId)).toBe(0);
    const kept = await query('select count(*)::int as count from document_versions where document_id = $1', [draft.id]);
    expect(kept.rows[0].count).toBe(0);
    expect((await app.inject({ url: `/api/certificates/${draft.id}?version=1` })).statusCode).toBe(404);
  });

  it("keeps another user's versions to themselves, and a free user cannot amend", async () => {
    const owner = await premiumUser();
    const intruder = await premiumUser();
    const certificate = await create(owner);
    await patch(owner, certificate.id, { areas: 'Laundry' });
    for (const session of [intruder, null]) {
      const history = await app.inject({
        url: `/api/certificates/${certificate.id}/versions`,
        headers: session ? bearer(session) : {},
      });
      expect(history.statusCode).toBe(session ? 404 : 401);
    }
    expect((await patch(intruder, certificate.id, { areas: 'Hacked', revision: 1 })).statusCode).toBe(404);
    // Anyone with the link reads an issued version, as a visitor: never as its owner.
    expect((await read(intruder, certificate.id, 1)).is_owner).toBe(false);

    const free = await registerConfirmedUser(app, mail);
    const freeCertificate = await create(free);
    expect((await patch(free, freeCertificate.id, { areas: 'Laundry' })).statusCode).toBe(403);
    expect((await read(free, freeCertificate.id)).version).toBe(1);
  });
});

describe('the public verification of any document version', () => {
  it('answers for each issued certificate version and a cover sheet, with no content, and 404 for the unknown', async () => {
    const owner = await premiumUser();
    const first = await create(owner, { additional_info: 'Private note' });
    await patch(owner, first.id, { areas: 'Laundry' });
    const verify = (kind: string, id: string, version: number | string) =>
      app.inject({ url: `/api/verify/${kind}/${id}/${version}`, remoteAddress: '198.51.100.77' });

    const one = await verify('certificate', first.id, 1);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      kind: 'certificate',
      number: first.certificate_number,
      version: 1,
      fingerprint: first.fingerprint,
      verdict: { status: 'superseded', superseded_by: { version: 2 } },
      signature_count: 0,
      signatures: [],
    });
    expect(JSON.stringify(one.json())).not.toContain('Private note');
    expect((await verify('certificate', first.id, 2)).json().verdict.status).toBe('current');
    for (const [kind, id, version] of [
      ['certificate', first.id, 3],
      ['certificate', crypto.randomUUID(), 1],
      ['swms', first.id, 1],
      ['certificate', 'not-a-uuid', 1],
    ] as const) {
      expect((await verify(kind, id, version)).statusCode).toBe(404);
    }
    for (const bad of [
      verify('invoice', first.id, 1),
      verify('certificate', first.id, 0),
      verify('certificate', first.id, 'x'),
    ]) {
      expect((await bad).statusCode).toBe(400);
    }

    const sheet = await app.inject({
      method: 'POST',
      url: '/api/cover-sheets',
      headers: bearer(owner),
      payload: { swms_ids: [] },
    });
    expect(sheet.statusCode).toBe(201);
    const coverSheet = await verify('cover_sheet', sheet.json().id, 1);
    expect(coverSheet.statusCode).toBe(200);
    expect(coverSheet.json()).toMatchObject({ kind: 'cover_sheet', version: 1, verdict: { status: 'not_issued' } });
  });

  it("gives a QR code's version the share page's verdict: current, superseded, withdrawn; a draft is not issued", async () => {
    const owner = await premiumUser();
    const certificate = await create(owner);
    /** The verdict at /verify (what the QR code opens) beside the share page's, for a visitor. */
    const verdicts = async (version: number) => {
      const verified = await app.inject({
        url: `/api/verify/certificate/${certificate.id}/${version}`,
        remoteAddress: '198.51.100.78',
      });
      expect(verified.statusCode).toBe(200);
      return { verified: verified.json().verdict, shared: (await read(null, certificate.id, version)).verdict };
    };
    const first = await verdicts(1);
    expect(first.verified).toEqual(first.shared);
    expect(first.verified.status).toBe('current');

    await patch(owner, certificate.id, { areas: 'Laundry' });
    const superseded = await verdicts(1);
    expect(superseded.verified).toEqual(superseded.shared);
    expect(superseded.verified).toMatchObject({ status: 'superseded', superseded_by: { version: 2 } });
    const amended = await verdicts(2);
    expect(amended.verified).toEqual(amended.shared);
    expect(amended.verified.status).toBe('current');

    // Signed, then deleted: withdrawn, and both versions say so in both places.
    await signByEmail(app, mail, owner, 'certificate', certificate.id);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/certificates/${certificate.id}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(200);
    for (const version of [1, 2]) {
      const withdrawn = await verdicts(version);
      expect(withdrawn.verified).toEqual(withdrawn.shared);
      expect(withdrawn.verified.status).toBe('withdrawn');
    }

    // A draft has no share page for a visitor; its verification says it was never issued.
    const draft = await create(owner, { status: 'draft' });
    expect((await app.inject({ url: `/api/certificates/${draft.id}?version=1` })).statusCode).toBe(404);
    const unissued = await app.inject({ url: `/api/verify/certificate/${draft.id}/1`, remoteAddress: '198.51.100.78' });
    expect(unissued.json()).toMatchObject({ fingerprint: '', verdict: { status: 'not_issued' } });
    expect((await read(owner, draft.id)).verdict).toEqual(unissued.json().verdict);
  });
});
