import { type ActivityEntry, type ActivityPage, FORBIDDEN_MESSAGE, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, deleteAccount, GOOD_PASSWORD, registerConfirmedUser, signIn } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { signByEmail } from '../support/signing.ts';
import { createReadySwms } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';

/*
 * The owner's activity view (ADR 0090): the business's audit trail, newest first, 25 a page by
 * cursor, by member or kind of record; the owner's alone, and never another business's.
 */
const { database, mail, app, query } = setUpTestApp();

const named = (session: Session, name: string) =>
  query('update profiles set applicator_name = $2 where id = $1', [session.user.id, name]);

async function businessOfThree() {
  const owner = await registerConfirmedUser(app, mail);
  // Three people need more seats than the free plan's two (ADR 0077, slice 7).
  await grantPremium(database.db, owner.user.id);
  const office = await addMember(app, mail, database.db, owner, 'office');
  const field = await addMember(app, mail, database.db, owner, 'field');
  await named(owner, 'Alex Owner');
  await named(office, 'Jo Office');
  await named(field, 'Sam Taylor');
  return { owner, office, field };
}

const activityResponse = (session: Session, search = '') =>
  app.inject({ url: `/api/team/activity${search}`, headers: bearer(session) });

async function page(session: Session, search = ''): Promise<ActivityPage> {
  const response = await activityResponse(session, search);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every entry, page after page of `limit`, following `next_cursor` (at most 20 pages). */
async function everyEntry(session: Session, limit: number, filter = ''): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const next = await page(session, `?limit=${limit}${filter}${after}`);
    expect(next.items.length).toBeLessThanOrEqual(limit);
    entries.push(...next.items);
    cursor = next.next_cursor;
    if (!cursor) return entries;
  }
  throw new Error('more than 20 pages');
}

const numberOf = async (session: Session, id: string) => {
  const response = await app.inject({ url: `/api/certificates/${id}`, headers: bearer(session) });
  return (response.json() as { certificate_number: string }).certificate_number;
};

const changeRole = (session: Session, userId: string, role: 'office' | 'field') =>
  app.inject({ method: 'PATCH', url: `/api/team/members/${userId}`, headers: bearer(session), payload: { role } });

describe('the activity view', () => {
  it('shows the owner who issued which certificate and who changed a role, newest first, page by page', async () => {
    const { owner, office, field } = await businessOfThree();
    const fieldsCertificate = await createCompletedCertificate(app, field);
    const officesCertificate = await createCompletedCertificate(app, office);
    expect((await changeRole(owner, office.user.id, 'field')).statusCode).toBe(200);
    const ownersCertificate = await createCompletedCertificate(app, owner);

    const entries = await everyEntry(owner, 1);
    expect(entries.map((entry) => [entry.type, entry.by?.name, entry.record?.id ?? entry.member?.name])).toEqual([
      ['document.issued', 'Alex Owner', ownersCertificate],
      ['member.role_changed', 'Alex Owner', 'Jo Office'],
      ['document.issued', 'Jo Office', officesCertificate],
      ['document.issued', 'Sam Taylor', fieldsCertificate],
    ]);
    const times = entries.map((entry) => Date.parse(entry.occurred_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);

    const [, roleChange, , fieldsIssue] = entries;
    expect(roleChange).toMatchObject({ role: 'field', from_role: 'office', member: { user_id: office.user.id } });
    expect(fieldsIssue?.record).toEqual({
      kind: 'certificate',
      id: fieldsCertificate,
      number: await numberOf(owner, fieldsCertificate),
      version: 1,
    });

    // The default page is 25 and a short list has no next page; the time zone comes with it.
    const first = await page(owner);
    expect(first.items.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    expect(first.next_cursor).toBeNull();
    expect(first.time_zone).toMatch(/\//);
  });

  it('filters by member and by kind of record', async () => {
    const { owner, field } = await businessOfThree();
    const fieldsCertificate = await createCompletedCertificate(app, field);
    await createCompletedCertificate(app, owner);
    expect((await changeRole(owner, field.user.id, 'office')).statusCode).toBe(200);

    const fieldsDoings = await everyEntry(owner, 25, `&member=${field.user.id}`);
    expect(fieldsDoings.map((entry) => [entry.type, entry.record?.id])).toEqual([
      ['document.issued', fieldsCertificate],
    ]);
    const certificates = await everyEntry(owner, 25, '&kind=certificate');
    expect(certificates.map((entry) => entry.type)).toEqual(['document.issued', 'document.issued']);
    expect(await everyEntry(owner, 25, '&kind=swms')).toEqual([]);
  });

  it('names a deleted certificate by the number it had', async () => {
    const { owner, field } = await businessOfThree();
    const certificate = await createCompletedCertificate(app, field);
    const number = await numberOf(owner, certificate);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/certificates/${certificate}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const [deletion, issue] = await everyEntry(owner, 25);
    expect(deletion).toMatchObject({
      type: 'document.deleted',
      by: { user_id: owner.user.id },
      record: { kind: 'certificate', id: certificate, number, version: null },
    });
    expect(issue).toMatchObject({ type: 'document.issued', by: { user_id: field.user.id } });
  });

  it('lists a SWMS issued when first printed and then deleted, under its kind', async () => {
    const { owner, field } = await businessOfThree();
    const swms = await createReadySwms(app, field);
    const printed = await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers: bearer(field) });
    expect(printed.statusCode, printed.body).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/swms/${swms.id}`, headers: bearer(owner) });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const entries = await everyEntry(owner, 25, '&kind=swms');
    expect(entries.map((entry) => [entry.type, entry.by?.name, entry.record])).toEqual([
      ['document.deleted', 'Alex Owner', { kind: 'swms', id: swms.id, number: swms.number, version: null }],
      ['document.issued', 'Sam Taylor', { kind: 'swms', id: swms.id, number: swms.number, version: 1 }],
    ]);
  });

  it("lists a signer's signature by link under the document's business, by the signer's name", async () => {
    const { owner, office } = await businessOfThree();
    const certificate = await createCompletedCertificate(app, office);
    await signByEmail(app, mail, office, 'certificate', certificate);

    const entries = await everyEntry(owner, 25);
    expect(entries.map((entry) => [entry.type, entry.actor, entry.by?.name ?? null, entry.signer])).toEqual([
      ['signing.completed', 'system', null, null],
      ['signing.signed', 'signer', null, 'Alex Builder'],
      ['signing.sent', 'member', 'Jo Office', 'Alex Builder'],
      ['document.issued', 'member', 'Jo Office', null],
    ]);
    expect(new Set(entries.map((entry) => entry.record?.id))).toEqual(new Set([certificate]));
    // A member's filter leaves out what signers and TradeCert did.
    const officesDoings = await everyEntry(owner, 25, `&member=${office.user.id}`);
    expect(officesDoings.map((entry) => entry.type)).toEqual(['signing.sent', 'document.issued']);
  });

  it('is the owner’s alone: office and field are refused, and another business’s owner sees none of it', async () => {
    const { owner, office, field } = await businessOfThree();
    await createCompletedCertificate(app, field);
    const outsider = await registerConfirmedUser(app, mail);
    await createCompletedCertificate(app, outsider);

    for (const member of [office, field]) {
      const refused = await activityResponse(member);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: 'forbidden', message: FORBIDDEN_MESSAGE });
    }
    const ours = (await everyEntry(owner, 100)).map((entry) => entry.id);
    const theirs = await everyEntry(outsider, 100);
    expect(theirs).toHaveLength(1);
    expect(theirs.filter((entry) => ours.includes(entry.id))).toEqual([]);
    // Filtering by a member of another business finds nothing of theirs.
    expect(await everyEntry(outsider, 100, `&member=${field.user.id}`)).toEqual([]);
  });

  it("keeps a removed member's name on what they did, and says no one's once their account is gone", async () => {
    const { owner, field } = await businessOfThree();
    await createCompletedCertificate(app, field);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/team/members/${field.user.id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const afterRemoval = await everyEntry(owner, 25);
    expect(afterRemoval.map((entry) => [entry.type, entry.by?.name, entry.member?.name ?? null])).toEqual([
      ['member.removed', 'Alex Owner', 'Sam Taylor'],
      ['document.issued', 'Sam Taylor', null],
    ]);

    // Removal ended their sessions; they sign in to their own business and delete their account.
    const signedIn = await signIn(app, field.user.email, GOOD_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await deleteAccount(app, signedIn.json());
    const afterDeletion = await everyEntry(owner, 25);
    expect(afterDeletion.map((entry) => [entry.type, entry.by, entry.member])).toEqual([
      ['member.removed', { user_id: owner.user.id, name: 'Alex Owner' }, null],
      ['document.issued', null, null],
    ]);
  });

  it('answers a bad limit, cursor, member or kind with 400, never a 500', async () => {
    const owner = await registerConfirmedUser(app, mail);
    for (const search of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?cursor=not-a-cursor',
      `?cursor=${Buffer.from(JSON.stringify(['2026-13-45 99:00:00+00', 'x'])).toString('base64url')}`,
      `?cursor=${'a'.repeat(201)}`,
      '?member=not-a-uuid',
      "?member=1' or '1'='1",
      '?kind=business',
      '?kind=user',
    ]) {
      const response = await activityResponse(owner, search);
      expect(response.statusCode, search).toBe(400);
      expect(errorOf(response).code, search).toBe('validation_failed');
    }
  });
});
