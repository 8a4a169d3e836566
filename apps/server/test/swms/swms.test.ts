import {
  type CoverSheet,
  DOCUMENT_VERSION_LIMIT,
  emptySwmsBody,
  newVersionUnconfirmedMessage,
  type Session,
  type Swms,
  type SwmsBody,
  swmsMessages,
  versionLimitMessage,
} from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SwmsService } from '../../src/features/swms/swms.service.ts';
import { SwmsPdfService } from '../../src/features/swms/swms-pdf.service.ts';
import { fileReferences } from '../../src/file-references.ts';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { storedSealIdentity } from '../../src/platform/crypto/seal-identity.ts';
import { storedSecret } from '../../src/platform/crypto/secrets.ts';
import { OutboundEvents } from '../../src/platform/events/outbound-events.ts';
import { PdfSeal } from '../../src/platform/pdf/seal.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { StoredFiles } from '../../src/platform/storage/stored-files.ts';
import { setUpTestApp, testFilesRoot } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { issuingFirst } from '../support/signing.ts';
import { readySwmsBody as readyBody } from '../support/swms.ts';

const { database, mail, app, query } = setUpTestApp({ clock: () => new Date('2026-11-15T02:00:00Z') });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (session: Session | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });

const createSwms = async (session: Session, payload: object = {}): Promise<Swms> => {
  const response = await send(session, 'POST', '/api/swms', payload);
  expect(response.statusCode).toBe(201);
  return response.json();
};
const saveSwms = (session: Session, swms: Pick<Swms, 'id' | 'revision'>, body: SwmsBody, extra: object = {}) =>
  send(session, 'PUT', `/api/swms/${swms.id}`, { revision: swms.revision, body, ...extra });
const createCoverSheet = async (session: Session, swmsIds: string[]): Promise<CoverSheet> => {
  const response = await send(session, 'POST', '/api/cover-sheets', { swms_ids: swmsIds });
  expect(response.statusCode).toBe(201);
  return response.json();
};

async function newUser() {
  const session = await registerConfirmedUser(app, mail);
  await query(
    `update businesses set company_name = 'Dry Wet Areas Pty Ltd', company_abn = '51824753556',
       company_address = '3 Trade St, Penrith NSW 2750', company_phone = '02 4700 1234',
       company_email = 'office@drywet.example' where id = (select business_id from memberships where user_id = $1)`,
    [session.user.id],
  );
  return session;
}

/**
 * A signature on a version, as the signing feature writes it (ADR 0015): sending for signing issues
 * the version first (ADR 0099).
 */
async function signVersion(
  session: Session,
  kind: 'swms' | 'cover_sheet',
  id: string,
  version: number,
  name = 'Kim Worker',
) {
  await query(
    `${issuingFirst('$2', '$3', '$4')}
     insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, signer_company, expires_at, signed_at, fingerprint_at_sign)
     select business_id, user_id, $2, $3, $4, 'f', $5, 'Crew Co', now() + interval '14 days', now(), 'f' from memberships where user_id = $1`,
    [session.user.id, kind, id, version, name],
  );
}
/** A discard's answer: the signed version 1 again as it was, one revision past the draft, the draft gone. */
function expectBackOnVersion1(
  back: Awaited<ReturnType<typeof send>>,
  v1: Pick<Swms | CoverSheet, 'fingerprint' | 'body'>,
  draft: Pick<Swms | CoverSheet, 'revision'>,
) {
  expect(back.statusCode).toBe(200);
  expect(back.json()).toMatchObject({
    current_version: 1,
    fingerprint: v1.fingerprint,
    status: 'signed',
    issued: true,
    revision: draft.revision + 1,
    body: v1.body,
  });
  expect((back.json() as Swms | CoverSheet).versions.map((version) => version.version)).toEqual([1]);
}
async function openRequest(session: Session, id: string, version: number) {
  const result = await query(
    `${issuingFirst("'swms'", '$2', '$3')}
     insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at) select business_id, user_id, 'swms', $2, $3, 'f', 'Pending Pat', now() + interval '14 days' from memberships where user_id = $1 returning id`,
    [session.user.id, id, version],
  );
  return String(result.rows[0].id);
}

describe('SWMS', () => {
  it('creates an empty draft with the next number, saves it, and lists it newest first with search and status', async () => {
    const user = await newUser();
    const first = await createSwms(user);
    expect(first).toMatchObject({ number: 'SWMS-2026-0001', status: 'draft', current_version: 1, revision: 0 });
    expect(first.body.date_prepared).toBe('2026-11-15');
    expect(first.missing.map((item) => item.path)).toContain('hrcw_categories');

    const saved: Swms = (await saveSwms(user, first, { ...readyBody(), date_prepared: '2026-11-15' })).json();
    expect(saved).toMatchObject({ status: 'ready', revision: 1, current_version: 1, missing: [] });
    expect(saved.fingerprint).not.toBe(first.fingerprint);

    const second = await createSwms(user, { starter: 'waterproofing' });
    expect(second.number).toBe('SWMS-2026-0002');
    expect(second.body.steps.length).toBeGreaterThanOrEqual(5);
    expect(second.body.steps.map((step) => step.hazards).join(' ')).toMatch(/silica/i);

    const list = (await send(user, 'GET', '/api/swms')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
    const searched = (await send(user, 'GET', '/api/swms?q=harbour')).json();
    expect(searched.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    const ready = (await send(user, 'GET', '/api/swms?status=ready')).json();
    expect(ready.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    const reread: Swms = (await send(user, 'GET', `/api/swms/${first.id}`)).json();
    expect(reread.body).toEqual(saved.body);
  });

  it('pages SWMS and cover sheets by limit and cursor, newest first, each once, and refuses a forged cursor', async () => {
    const user = await newUser();
    const made = [await createSwms(user), await createSwms(user), await createSwms(user)].map((swms) => swms.id);
    const sheets = [await createCoverSheet(user, []), await createCoverSheet(user, [])].map((sheet) => sheet.id);
    const walk = async (path: string) => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Array<{ id: string }>; next_cursor: string | null } = (
          await send(user, 'GET', `${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        pages.push(page.items.map((item) => item.id));
        cursor = page.next_cursor;
      } while (cursor);
      return pages;
    };
    expect(await walk('/api/swms')).toEqual([[made[2], made[1]], [made[0]]]);
    expect(await walk('/api/cover-sheets')).toEqual([[sheets[1], sheets[0]]]);
    for (const path of ['/api/swms', '/api/cover-sheets']) {
      const forged = await send(user, 'GET', `${path}?cursor=not-a-cursor`);
      expect(forged.statusCode).toBe(400);
      expect(errorOf(forged).details).toEqual([
        { path: 'cursor', message: 'Reload the list to get a fresh page link.' },
      ]);
    }
  });

  it('starts from a saved template, and refuses a SWMS that is not one', async () => {
    const user = await newUser();
    const source = await createSwms(user);
    expect((await send(user, 'POST', '/api/swms', { template_id: source.id })).statusCode).toBe(404);
    const template: Swms = (await saveSwms(user, source, readyBody(), { is_template: true })).json();
    expect(template.is_template).toBe(true);
    const copy = await createSwms(user, { template_id: source.id });
    expect(copy.body.steps).toEqual(readyBody().steps);
    expect(copy.id).not.toBe(source.id);
    const templates = (await send(user, 'GET', '/api/swms?templates=true')).json();
    expect(templates.items.map((item: { id: string }) => item.id)).toEqual([source.id]);
  });

  it('refuses a stale autosave with 409 and keeps the newer save', async () => {
    const user = await newUser();
    const swms = await createSwms(user);
    const phone = await saveSwms(user, swms, { ...emptySwmsBody(), title: 'Newer from the phone' });
    expect(phone.statusCode).toBe(200);
    const laptop = await saveSwms(user, swms, { ...emptySwmsBody(), title: 'Stale from the laptop' });
    expect(laptop.statusCode).toBe(409);
    expect(errorOf(laptop)).toMatchObject({ code: 'conflict', message: swmsMessages.staleSave });
    const stored: Swms = (await send(user, 'GET', `/api/swms/${swms.id}`)).json();
    expect(stored.body.title).toBe('Newer from the phone');
    expect(stored.revision).toBe(1);

    // Two saves racing from one revision: exactly one wins.
    const racing = await Promise.all(
      ['A', 'B', 'C'].map((title) => saveSwms(user, stored, { ...emptySwmsBody(), title })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('answers an autosave sent again after its answer was lost with the document as saved, once', async () => {
    const user = await newUser();
    const swms = await createSwms(user);
    const body = { ...emptySwmsBody(), title: 'Typed in the basement' };
    const first = await saveSwms(user, swms, body);
    expect(first.statusCode).toBe(200);
    const again = await saveSwms(user, swms, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ revision: 1, body: { title: 'Typed in the basement' } });
    // A future revision is no retry: it is refused.
    const ahead = await saveSwms(user, { id: swms.id, revision: 5 }, body);
    expect(ahead.statusCode).toBe(409);
  });

  it(`keeps at most ${DOCUMENT_VERSION_LIMIT} versions of one document: the edit that would make one more is refused`, async () => {
    const user = await newUser();
    const swms: Swms = (await saveSwms(user, await createSwms(user), readyBody())).json();
    // As if printed and edited 99 times: the current version is the last one a document keeps.
    await query('update safety_documents set current_version = $2 where id = $1', [swms.id, DOCUMENT_VERSION_LIMIT]);
    await query('update document_versions set version = $2, issued_at = now() where document_id = $1', [
      swms.id,
      DOCUMENT_VERSION_LIMIT,
    ]);
    const refused = await saveSwms(user, swms, { ...readyBody(), title: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'conflict', message: versionLimitMessage });
    const kept: Swms = (await send(user, 'GET', `/api/swms/${swms.id}`)).json();
    expect(kept).toMatchObject({ current_version: DOCUMENT_VERSION_LIMIT, revision: swms.revision });
    expect(kept.body.title).toBe(readyBody().title);
  });

  it('print vs autosave at once: what goes on paper is the stored, issued version it names', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await newUser();
      const ready: Swms = (await saveSwms(user, await createSwms(user), readyBody())).json();
      const [printed, saved] = await Promise.all([
        app.inject({ url: `/api/swms/${ready.id}/pdf`, headers: bearer(user) }),
        // Printed first, the edit starts version 2: the user agreed to that (ADR 0066).
        saveSwms(user, ready, { ...readyBody(), title: `Raced edit ${round}` }, { new_version: 2 }),
      ]);
      expect([printed.statusCode, saved.statusCode]).toEqual([200, 200]);
      const stamp = /· v(\d+) · SHA-256 ([0-9a-f]{12})/.exec((await pdfText(printed.rawPayload)).replace(/\s+/g, ' '));
      const version = Number(stamp?.[1]);
      const kept = (await send(user, 'GET', `/api/swms/${ready.id}/versions/${version}`)).json();
      expect(kept.fingerprint.slice(0, 12)).toBe(stamp?.[2]);
      // Printed means issued: the record says so, and that version was never rewritten by the edit.
      expect((await send(null, 'GET', `/api/verify/swms/${ready.id}/${version}`)).json().verdict.status).not.toBe(
        'not_issued',
      );
    }
  });

  it('turns an edit of a signed version into a new version, voiding open links and keeping the old one readable', async () => {
    const user = await newUser();
    const created = await createSwms(user);
    const v1: Swms = (await saveSwms(user, created, readyBody())).json();
    await signVersion(user, 'swms', v1.id, 1);
    const pending = await openRequest(user, v1.id, 1);
    const signedView: Swms = (await send(user, 'GET', `/api/swms/${v1.id}`)).json();
    expect(signedView.status).toBe('signed');

    const edited: Swms = (
      await saveSwms(user, v1, { ...readyBody(), title: 'Balcony membrane, Level 3 (rev)' }, { new_version: 2 })
    ).json();
    expect(edited.current_version).toBe(2);
    expect(edited.status).toBe('ready');
    expect(edited.fingerprint).not.toBe(v1.fingerprint);
    expect(edited.versions.map((version) => [version.version, version.current, version.signature_count])).toEqual([
      [1, false, 1],
      [2, true, 0],
    ]);
    const voided = await query('select revoked_reason from signature_requests where id = $1', [pending]);
    expect(voided.rows[0].revoked_reason).toBe('new_version');

    const old = (await send(user, 'GET', `/api/swms/${v1.id}/versions/1`)).json();
    expect(old).toMatchObject({ version: 1, current: false, fingerprint: v1.fingerprint });
    expect(old.body.title).toBe('Balcony membrane, Level 3');
    expect(old.signatures).toEqual([expect.objectContaining({ signer_name: 'Kim Worker', signer_company: 'Crew Co' })]);

    // Further edits of the unsigned v2 stay on v2; v1 is never rewritten.
    const again: Swms = (await saveSwms(user, edited, { ...readyBody(), title: 'Third title' })).json();
    expect(again.current_version).toBe(2);
    expect((await send(user, 'GET', `/api/swms/${v1.id}/versions/1`)).json().fingerprint).toBe(v1.fingerprint);
    expect((await send(user, 'GET', `/api/swms/${v1.id}/versions/3`)).statusCode).toBe(404);

    // Somebody signed it: deleting withdraws it. It leaves the owner's list; its record stays and says so.
    expect((await send(user, 'DELETE', `/api/swms/${v1.id}`)).statusCode).toBe(200);
    expect((await send(user, 'GET', `/api/swms/${v1.id}`)).statusCode).toBe(404);
    const list = (await send(user, 'GET', '/api/swms')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(v1.id);
    const verification = (await send(null, 'GET', `/api/verify/swms/${v1.id}/1`)).json();
    expect(verification.verdict).toMatchObject({ status: 'withdrawn', withdrawn_at: expect.any(String) });
    expect(verification.signature_count).toBe(1);
  });

  it('never starts a new version of an issued one unasked: without `new_version` naming it the save is refused and changes nothing', async () => {
    const user = await newUser();
    const v1: Swms = (await saveSwms(user, await createSwms(user), readyBody())).json();
    await signVersion(user, 'swms', v1.id, 1);
    const pending = await openRequest(user, v1.id, 1);
    const edit = { ...readyBody(), work_location: '12 Harbour St, Sydney NSW 2001' };

    // A stale client, an API client, a confirmation for some other version: refused, with its own code.
    for (const extra of [{}, { new_version: 3 }, { new_version: 99 }]) {
      const refused = await saveSwms(user, v1, edit, extra);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({ code: 'new_version_unconfirmed', message: newVersionUnconfirmedMessage(2) });
    }
    for (const new_version of [1, 0, '2', true, 2.5]) {
      expect((await saveSwms(user, v1, edit, { new_version })).statusCode).toBe(400);
    }
    const unchanged: Swms = (await send(user, 'GET', `/api/swms/${v1.id}`)).json();
    expect(unchanged).toMatchObject({
      current_version: 1,
      revision: v1.revision,
      fingerprint: v1.fingerprint,
      status: 'signed',
      issued: true,
    });
    expect(unchanged.body.work_location).toBe(readyBody().work_location);
    expect(unchanged.versions).toHaveLength(1);
    const stillOpen = await query('select revoked_at from signature_requests where id = $1', [pending]);
    expect(stillOpen.rows[0].revoked_at).toBeNull();

    // Confirmed, version 2 starts; further saves of the unissued draft need nothing more.
    const v2: Swms = (await saveSwms(user, v1, edit, { new_version: 2 })).json();
    expect(v2).toMatchObject({ current_version: 2, issued: false, revision: v1.revision + 1 });
    expect((await saveSwms(user, v2, { ...edit, title: 'Still version 2' })).json()).toMatchObject({
      current_version: 2,
    });

    // Printed (issued without any signature), version 2 is kept too: the next edit asks again.
    const printed = (await send(user, 'GET', `/api/swms/${v1.id}`)).json() as Swms;
    expect((await app.inject({ url: `/api/swms/${v1.id}/pdf`, headers: bearer(user) })).statusCode).toBe(200);
    const again = await saveSwms(user, printed, { ...edit, title: 'Version 3?' }, { new_version: 2 });
    expect(errorOf(again)).toMatchObject({ code: 'new_version_unconfirmed', message: newVersionUnconfirmedMessage(3) });
    expect((await send(user, 'GET', `/api/swms/${v1.id}`)).json()).toMatchObject({
      current_version: 2,
      revision: printed.revision,
    });
  });

  it('discards a new version before it is issued: back to the last issued version, unchanged', async () => {
    const user = await newUser();
    const other = await newUser();
    const v1: Swms = (await saveSwms(user, await createSwms(user), readyBody())).json();
    const discard = (session: Session, swms: Pick<Swms, 'id' | 'revision'>) =>
      send(session, 'POST', `/api/swms/${swms.id}/discard-draft`, { revision: swms.revision });

    // Nothing to discard on a first version, signed or not.
    expect(errorOf(await discard(user, v1))).toMatchObject({
      code: 'conflict',
      message: swmsMessages.noDraftToDiscard,
    });
    await signVersion(user, 'swms', v1.id, 1);
    const v2: Swms = (
      await saveSwms(user, v1, { ...readyBody(), title: 'A draft to throw away', ppe: [] }, { new_version: 2 })
    ).json();
    expect(v2).toMatchObject({ current_version: 2, status: 'draft' });

    expect((await discard(other, v2)).statusCode).toBe(404);
    expect((await discard(user, v1)).statusCode).toBe(409);
    expect((await send(user, 'POST', `/api/swms/${v1.id}/discard-draft`, {})).statusCode).toBe(400);

    const back = await discard(user, v2);
    expectBackOnVersion1(back, v1, v2);
    expect((await send(null, 'GET', `/api/verify/swms/${v1.id}/1`)).json().verdict.status).toBe('current');
    expect((await send(null, 'GET', `/api/verify/swms/${v1.id}/2`)).statusCode).toBe(404);
    const listed = (await send(user, 'GET', '/api/swms')).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: v1.id, current_version: 1, status: 'signed' })]);
    // Discarded already: nothing more to discard, and the next edit asks for version 2 again.
    expect((await discard(user, back.json())).statusCode).toBe(409);
    expect((await saveSwms(user, back.json(), { ...readyBody(), title: 'x' })).json()).toMatchObject({
      error: { code: 'new_version_unconfirmed' },
    });

    // An issued draft (printed) is a record now: it cannot be discarded.
    const v2again: Swms = (
      await saveSwms(user, back.json(), { ...readyBody(), title: 'Kept' }, { new_version: 2 })
    ).json();
    expect((await app.inject({ url: `/api/swms/${v1.id}/pdf`, headers: bearer(user) })).statusCode).toBe(200);
    const issued: Swms = (await send(user, 'GET', `/api/swms/${v1.id}`)).json();
    expect(issued).toMatchObject({ current_version: 2, issued: true, revision: v2again.revision });
    expect(errorOf(await discard(user, issued))).toMatchObject({ message: swmsMessages.noDraftToDiscard });
  });

  it('answers the public verification page with the version, fingerprint, business and status only', async () => {
    const user = await newUser();
    const created = await createSwms(user);
    const v1: Swms = (await saveSwms(user, created, readyBody())).json();
    await signVersion(user, 'swms', v1.id, 1);
    const v2: Swms = (await saveSwms(user, v1, { ...readyBody(), title: 'Changed' }, { new_version: 2 })).json();
    const verify = (version: number) => send(null, 'GET', `/api/verify/swms/${v1.id}/${version}`);
    // Version 2 is ready but has not left its owner (not printed, sent or signed): 1 is still current.
    expect((await verify(1)).json().verdict.status).toBe('current');
    expect((await verify(2)).json().verdict.status).toBe('not_issued');
    expect(v2).toMatchObject({ current_version: 2, issued: false });
    // Printed with its QR code, version 2 is issued: version 1 is superseded by it.
    expect((await app.inject({ url: `/api/swms/${v1.id}/pdf`, headers: bearer(user) })).statusCode).toBe(200);
    expect((await send(user, 'GET', `/api/swms/${v1.id}`)).json()).toMatchObject({ current_version: 2, issued: true });
    const response = await verify(1);
    expect(response.statusCode).toBe(200);
    const verification = response.json();
    expect(verification).toMatchObject({
      number: v1.number,
      version: 1,
      fingerprint: v1.fingerprint,
      business_name: 'Dry Wet Areas Pty Ltd',
      verdict: {
        status: 'superseded',
        superseded_by: { version: 2, amended_at: expect.any(String) },
        withdrawn_at: null,
      },
      signature_count: 1,
      // Who signed, by name, company and date: nothing else of theirs (no email, IP or signature image).
      signatures: [{ signer_name: 'Kim Worker', signer_company: 'Crew Co', signed_at: expect.any(String) }],
    });
    expect(Object.keys(verification.signatures[0]).sort()).toEqual(['signed_at', 'signer_company', 'signer_name']);
    // What was printed is never rewritten: the next edit makes version 3, and 2 keeps its fingerprint.
    const v3: Swms = (await saveSwms(user, v2, { ...readyBody(), title: 'Changed again' }, { new_version: 3 })).json();
    expect(v3.current_version).toBe(3);
    expect((await verify(2)).json()).toMatchObject({ fingerprint: v2.fingerprint, verdict: { status: 'current' } });
    expect(Object.keys(verification).sort()).toEqual(
      [
        'business_name',
        'fingerprint',
        'kind',
        'number',
        'signature_count',
        'signatures',
        'verdict',
        'version',
        'version_date',
      ].sort(),
    );

    // A draft (not ready, never sent) is not issued: it prints as a draft, without a QR code, and
    // printing it issues nothing.
    const draft = await createSwms(user);
    expect((await send(null, 'GET', `/api/verify/swms/${draft.id}/1`)).json().verdict.status).toBe('not_issued');
    const draftPdf = await app.inject({ url: `/api/swms/${draft.id}/pdf`, headers: bearer(user) });
    expect(draftPdf.statusCode).toBe(200);
    const draftText = await pdfText(draftPdf.rawPayload, 'raw');
    // The watermark is drawn across the page at an angle: its letters come out without spaces.
    expect(draftText.replace(/\s/g, '')).toContain('DRAFT—notissued');
    expect(draftText).not.toContain('Verify SWMS');
    expect((await send(null, 'GET', `/api/verify/swms/${draft.id}/1`)).json().verdict.status).toBe('not_issued');
    expect(JSON.stringify(verification)).not.toContain('Harbour');
    expect((await send(null, 'GET', `/api/verify/swms/${v1.id}/9`)).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/verify/swms/not-a-uuid/1')).statusCode).toBe(404);
  });

  it('deletes an unsigned SWMS', async () => {
    const user = await newUser();
    const swms = await createSwms(user);
    expect((await send(user, 'DELETE', `/api/swms/${swms.id}`)).statusCode).toBe(200);
    expect((await send(user, 'GET', `/api/swms/${swms.id}`)).statusCode).toBe(404);
  });
});

describe('SWMS cover sheets', () => {
  it('pre-fills the business from the profile, links only own SWMS, versions on edit after a signature', async () => {
    const user = await newUser();
    const swms = await createSwms(user, { starter: 'waterproofing' });
    const sheet = await createCoverSheet(user, [swms.id]);
    expect(sheet.number).toBe('CS-2026-0001');
    expect(sheet.body.business).toEqual({
      name: 'Dry Wet Areas Pty Ltd',
      abn: '51 824 753 556',
      address: '3 Trade St, Penrith NSW 2750',
      phone: '02 4700 1234',
      email: 'office@drywet.example',
    });
    expect(sheet.linked_swms).toEqual([
      { id: swms.id, number: swms.number, title: swms.body.title, current_version: 1 },
    ]);

    const body = {
      ...sheet.body,
      principal_contractor: {
        ...sheet.body.principal_contractor,
        company: 'Harbourside Builders',
        project_name: 'The Quay',
      },
      other_documents: ['SDS: membrane primer'],
    };
    const saved = await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, { revision: 0, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'ready', revision: 1 });
    // The same save again (its answer lost) is answered as saved; a different one from revision 0 is stale.
    const again = await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, { revision: 0, body });
    expect(again.json()).toMatchObject({ revision: 1 });
    const stale = await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
      revision: 0,
      body: { ...body, other_documents: [] },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(swmsMessages.staleCoverSheetSave);

    await signVersion(user, 'cover_sheet', sheet.id, 1, 'Pat Approver');
    const edited = await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
      revision: 1,
      body: { ...body, other_documents: [] },
      new_version: 2,
    });
    expect(edited.json().current_version).toBe(2);

    const list = (await send(user, 'GET', '/api/cover-sheets')).json();
    expect(list.items).toEqual([
      expect.objectContaining({ id: sheet.id, principal_contractor: 'Harbourside Builders', swms_count: 1 }),
    ]);
    const other = await createCoverSheet(user, []);
    expect((await send(user, 'DELETE', `/api/cover-sheets/${other.id}`)).statusCode).toBe(200);
    // Signed: withdrawn, not deleted.
    expect((await send(user, 'DELETE', `/api/cover-sheets/${sheet.id}`)).statusCode).toBe(200);
    expect((await send(user, 'GET', `/api/cover-sheets/${sheet.id}`)).statusCode).toBe(404);
    const kept = await query('select withdrawn_at from safety_documents where id = $1', [sheet.id]);
    expect(kept.rows[0].withdrawn_at).not.toBeNull();
  });

  it('discards a new version of a cover sheet before it is issued: back to the last issued version, unchanged', async () => {
    const user = await newUser();
    const other = await newUser();
    const sheet = await createCoverSheet(user, [(await createSwms(user)).id]);
    const readySheet = {
      ...sheet.body,
      principal_contractor: {
        ...sheet.body.principal_contractor,
        company: 'Harbourside Builders',
        project_name: 'Quay',
      },
    };
    const v1: CoverSheet = (
      await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, { revision: 0, body: readySheet })
    ).json();
    await signVersion(user, 'cover_sheet', sheet.id, 1, 'Pat Approver');
    const v2: CoverSheet = (
      await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
        revision: v1.revision,
        body: { ...readySheet, other_documents: ['A draft to throw away'] },
        new_version: 2,
      })
    ).json();
    expect(v2).toMatchObject({ current_version: 2, issued: false });
    const discard = (session: Session, revision: number) =>
      send(session, 'POST', `/api/cover-sheets/${sheet.id}/discard-draft`, { revision });

    expect(errorOf(await discard(other, v2.revision))).toEqual({
      code: 'not_found',
      message: swmsMessages.coverSheetNotFound,
    });
    expect(errorOf(await discard(user, v1.revision))).toMatchObject({
      code: 'conflict',
      message: swmsMessages.staleCoverSheetSave,
    });

    const back = await discard(user, v2.revision);
    expectBackOnVersion1(back, v1, v2);
    expect((await send(user, 'GET', `/api/cover-sheets/${sheet.id}`)).json()).toMatchObject({
      current_version: 1,
      fingerprint: v1.fingerprint,
    });
    expect(errorOf(await discard(user, back.json().revision))).toMatchObject({
      message: swmsMessages.noDraftToDiscard,
    });

    // An issued draft (printed) is a record now: it cannot be discarded.
    const kept: CoverSheet = (
      await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
        revision: back.json().revision,
        body: { ...readySheet, other_documents: ['Kept'] },
        new_version: 2,
      })
    ).json();
    const printed = await app.inject({ url: `/api/cover-sheets/${sheet.id}/pdf`, headers: bearer(user) });
    expect(printed.statusCode).toBe(200);
    const issued: CoverSheet = (await send(user, 'GET', `/api/cover-sheets/${sheet.id}`)).json();
    expect(issued).toMatchObject({ current_version: 2, issued: true, revision: kept.revision });
    expect(errorOf(await discard(user, issued.revision))).toEqual({
      code: 'conflict',
      message: swmsMessages.noDraftToDiscard,
    });
  });
});

describe('SWMS PDF', () => {
  it('prints the cover sheet in front, the steps with their ratings as text, the categories, marks and register', async () => {
    const user = await newUser();
    const created = await createSwms(user, { starter: 'waterproofing' });
    const swms: Swms = (
      await saveSwms(user, created, {
        ...created.body,
        work_location: '12 Harbour St, Sydney NSW 2000',
        person_responsible: 'Sam Supervisor',
        hrcw_categories: ['fall_over_2m', 'energised_electrical'],
      })
    ).json();
    const sheet = await createCoverSheet(user, [swms.id]);
    await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
      revision: 0,
      body: {
        ...sheet.body,
        principal_contractor: { ...sheet.body.principal_contractor, company: 'Harbourside Builders Pty Ltd' },
      },
    });

    const response = await send(user, 'GET', `/api/swms/${swms.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text.indexOf('SWMS Cover Sheet')).toBeLessThan(text.indexOf('Safe Work Method Statement'));
    expect(flat).toContain('Harbourside Builders Pty Ltd');
    expect(flat).toContain('Risk of a fall of more than 2 m');
    expect(flat).toContain('Substrate preparation: grind');
    expect(flat).toMatch(/EXTREME|HIGH/);
    expect(flat).toContain('LOW');
    expect(flat).toContain('Worker sign-on register');
    expect(flat).toContain('read and understood');
    expect(flat).toContain(`${swms.number} · v1 · SHA-256 ${swms.fingerprint.slice(0, 12)}`);
    expect(flat).toContain(`/verify/swms/${swms.id}/1`);
    expect(flat).toContain(swms.fingerprint);

    // The cover sheet went out on paper with the SWMS: it is issued, and an edit makes its version 2.
    const printedCover: CoverSheet = (await send(user, 'GET', `/api/cover-sheets/${sheet.id}`)).json();
    expect(printedCover).toMatchObject({ current_version: 1, issued: true });
    expect((await send(null, 'GET', `/api/verify/cover_sheet/${sheet.id}/1`)).json().verdict.status).toBe('current');
    const editedCover: CoverSheet = (
      await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
        revision: printedCover.revision,
        body: { ...printedCover.body, person_responsible: 'Sam Supervisor' },
        new_version: 2,
      })
    ).json();
    expect(editedCover).toMatchObject({ current_version: 2, issued: false });
    expect(
      (await send(user, 'GET', `/api/cover-sheets/${sheet.id}`))
        .json()
        .versions.map((version: { fingerprint: string }) => version.fingerprint)[0],
    ).toBe(printedCover.fingerprint);

    const coverPdf = await send(user, 'GET', `/api/cover-sheets/${sheet.id}/pdf`);
    expect(coverPdf.statusCode).toBe(200);
    expect((await pdfText(coverPdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Harbourside Builders Pty Ltd');
  });

  it('renders a draft fresh each time and serves a signed version from the PDF cache', async () => {
    const user = await newUser();
    const swms = await createSwms(user, { starter: 'waterproofing' });
    const download = async () => (await send(user, 'GET', `/api/swms/${swms.id}/pdf`)).rawPayload;
    await signVersion(user, 'swms', swms.id, 1);
    const first = await download();
    // pdfkit stamps each render with its own creation time and id: equal bytes mean the cache.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await download()).equals(first)).toBe(true);
    const older = await send(user, 'GET', `/api/swms/${swms.id}/pdf?version=1`);
    expect(older.rawPayload.equals(first)).toBe(true);
  });

  it('fills the register with signed entries for the signing feature, and reads versions without an owner', async () => {
    const user = await newUser();
    const draft = await createSwms(user, { starter: 'waterproofing' });
    const service = new SwmsService(
      database.db,
      new SwmsPdfService(
        database.db,
        new StoredFiles(
          database.db,
          createLocalDiskStorage(testFilesRoot),
          storedSecret(database.db, 'file-urls'),
          fileReferences,
        ),
        createLocalDiskStorage(testFilesRoot),
        (kind, id, version) => `http://app.test/verify/${kind}/${id}/${version}`,
        app.pdfRenderPool,
        new PdfSeal(storedSealIdentity(database.db), () => 'http://app.test', app.pdfRenderPool),
        { warn: () => {} },
      ),
      () => new Date('2026-11-15T02:00:00Z'),
      new OutboundEvents(),
    );
    const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    // A draft cannot be sent; once ready it can.
    const { businessId } = await membershipOf(app.db, user.user.id);
    expect(await service.swms.signingVersionForOwner(businessId, draft.id)).toBeUndefined();
    const swms: Swms = (await saveSwms(user, draft, readyBody())).json();
    const pdf = await service.swms.signingPdf(swms.id, 1, {
      register: [
        { name: 'Kim Worker', company: 'Crew Co', role: null, signedAt: new Date('2026-11-16T22:30:00Z'), signature },
        {
          name: 'Lee Labourer',
          company: 'Crew Co',
          role: null,
          signedAt: new Date('2026-11-16T22:35:00Z'),
          signature: null,
        },
      ],
    });
    const text = (await pdfText(pdf ?? Buffer.alloc(0))).replace(/\s+/g, ' ');
    expect(text).toContain('Kim Worker');
    expect(text).toContain('Lee Labourer');
    expect(text).toContain('17 Nov 2026');

    expect(await service.swms.signingVersion(swms.id, 1)).toEqual({
      kind: 'swms',
      id: swms.id,
      businessId,
      number: swms.number,
      title: swms.body.title,
      version: 1,
      fingerprint: swms.fingerprint,
      current: true,
    });
    expect(await service.swms.signingVersion(swms.id, 2)).toBeUndefined();
    expect((await service.swms.signingVersionForOwner(businessId, swms.id))?.fingerprint).toBe(swms.fingerprint);
    const stranger = await newUser();
    const strangers = await membershipOf(app.db, stranger.user.id);
    expect(await service.swms.signingVersionForOwner(strangers.businessId, swms.id)).toBeUndefined();
    const sheet = await createCoverSheet(user, [swms.id]);
    // A new cover sheet misses its principal contractor: it cannot be sent yet.
    expect(await service.coverSheets.signingVersionForOwner(businessId, sheet.id)).toBeUndefined();
    expect(await service.coverSheets.signingPdf(sheet.id, 1, { register: [] })).toBeInstanceOf(Buffer);
  });
});

describe('SWMS isolation and hostile input', () => {
  it("lets user B neither read, list, save, delete, download nor link user A's SWMS and cover sheets", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const swms = await createSwms(alice, { starter: 'waterproofing' });
    const sheet = await createCoverSheet(alice, [swms.id]);

    const attempts = [
      send(bob, 'GET', `/api/swms/${swms.id}`),
      send(bob, 'PUT', `/api/swms/${swms.id}`, { revision: 0, body: emptySwmsBody() }),
      send(bob, 'DELETE', `/api/swms/${swms.id}`),
      send(bob, 'GET', `/api/swms/${swms.id}/versions/1`),
      send(bob, 'GET', `/api/swms/${swms.id}/pdf`),
      send(bob, 'POST', '/api/swms', { template_id: swms.id }),
      send(bob, 'GET', `/api/cover-sheets/${sheet.id}`),
      send(bob, 'PUT', `/api/cover-sheets/${sheet.id}`, { revision: 0, body: sheet.body }),
      send(bob, 'DELETE', `/api/cover-sheets/${sheet.id}`),
      send(bob, 'GET', `/api/cover-sheets/${sheet.id}/pdf`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect((await send(bob, 'GET', '/api/swms')).json().items).toEqual([]);
    expect((await send(bob, 'GET', '/api/cover-sheets')).json().items).toEqual([]);
    const stolenLink = await send(bob, 'POST', '/api/cover-sheets', { swms_ids: [swms.id] });
    expect(stolenLink.statusCode).toBe(400);
    expect(errorOf(stolenLink).message).toBe(swmsMessages.unknownSwms);

    const intact: Swms = (await send(alice, 'GET', `/api/swms/${swms.id}`)).json();
    expect(intact.revision).toBe(0);
    expect((await send(alice, 'GET', `/api/cover-sheets/${sheet.id}`)).statusCode).toBe(200);
  });

  it('sends visitors away from every signed-in endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/api/swms'],
      ['POST', '/api/swms', {}],
      ['GET', `/api/swms/${id}`],
      ['PUT', `/api/swms/${id}`, { revision: 0, body: emptySwmsBody() }],
      ['POST', `/api/swms/${id}/discard-draft`, { revision: 0 }],
      ['DELETE', `/api/swms/${id}`],
      ['GET', `/api/swms/${id}/versions/1`],
      ['GET', `/api/swms/${id}/pdf`],
      ['GET', '/api/cover-sheets'],
      ['POST', '/api/cover-sheets', {}],
      ['GET', `/api/cover-sheets/${id}`],
      ['PUT', `/api/cover-sheets/${id}`, {}],
      ['POST', `/api/cover-sheets/${id}/discard-draft`, { revision: 0 }],
      ['DELETE', `/api/cover-sheets/${id}`],
      ['GET', `/api/cover-sheets/${id}/pdf`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses malformed and oversized input with field errors, and unknown ids with 404', async () => {
    const user = await newUser();
    const swms = await createSwms(user);
    const tooManySteps = { ...emptySwmsBody(), steps: Array.from({ length: 61 }, () => readyBody().steps[0]) };
    const cases: object[] = [
      { revision: 0, body: tooManySteps },
      { revision: 0, body: { ...emptySwmsBody(), title: 'x'.repeat(201) } },
      { revision: 0, body: { ...emptySwmsBody(), ppe: Array.from({ length: 41 }, (_, index) => `item ${index}`) } },
      { revision: 0, body: { ...emptySwmsBody(), hrcw_categories: ['not_a_category'] } },
      { revision: 0, body: { ...emptySwmsBody(), hrcw_categories: ['diving', 'diving'] } },
      { revision: 0, body: { ...emptySwmsBody(), review_date: '2026-02-31' } },
      {
        revision: 0,
        body: { ...emptySwmsBody(), steps: [{ ...readyBody().steps[0], initial_risk: { likelihood: 'often' } }] },
      },
      { revision: -1, body: emptySwmsBody() },
      { revision: '0', body: emptySwmsBody() },
      { body: emptySwmsBody() },
    ];
    for (const payload of cases) {
      const response = await send(user, 'PUT', `/api/swms/${swms.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
    }
    expect((await send(user, 'POST', '/api/swms', { starter: 'roofing' })).statusCode).toBe(400);
    expect((await send(user, 'POST', '/api/swms', { template_id: 'nope' })).statusCode).toBe(400);
    expect((await send(user, 'GET', '/api/swms/not-a-uuid')).statusCode).toBe(404);
    expect((await send(user, 'GET', `/api/swms/${swms.id}/versions/0`)).statusCode).toBe(400);
    expect((await send(user, 'GET', '/api/swms?limit=1000')).statusCode).toBe(400);
    const sheet = await createCoverSheet(user, []);
    const badSheet = await send(user, 'PUT', `/api/cover-sheets/${sheet.id}`, {
      revision: 0,
      body: { ...sheet.body, swms_ids: [swms.id, swms.id] },
    });
    expect(badSheet.statusCode).toBe(400);
    const stored: Swms = (await send(user, 'GET', `/api/swms/${swms.id}`)).json();
    expect(stored.revision).toBe(0);
  });
});
