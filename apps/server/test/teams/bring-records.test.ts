import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  acceptedInvitationSchema,
  CUSTOM_TEMPLATES_PER_BUSINESS,
  type Session,
  sessionSchema,
  teamMessages,
} from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { BROUGHT_WITH_THE_RECORDS } from '../../src/features/teams/teams.repo.ts';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { setUpTestApp } from '../support/app.ts';
import {
  bearer,
  deleteAccount,
  GOOD_PASSWORD,
  registerConfirmedUser,
  signIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { createCompletedCertificate, postCertificate, uploadCertificatePhoto } from '../support/certificates.ts';
import { balconyTemplate } from '../support/checklist-templates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { giveIssuer } from '../support/issuer.ts';
import { errorOf } from '../support/responses.ts';
import { mailedSigningToken, signaturePng } from '../support/signing.ts';
import { createReadySwms } from '../support/swms.ts';
import { addMember, businessIdOf, invitationToken, ownerOfNamedBusiness } from '../support/teams.ts';

/*
 * 'bring' (ADR 0089): a person whose own one-person business holds records joins another business
 * and brings them. Each record keeps its number as issued, even one the business has issued too; its
 * photos, versions and PDF come along and stay readable once the old business is deleted; another
 * business sees none of it; the old business's API tokens and webhooks go with it; nothing is half
 * moved when the join fails, and a second accept moves nothing twice.
 */
/** This file's own storage root, so a test can put objects where uploads from before teams are. */
const filesRoot = path.join(tmpdir(), `tradecert-bring-files-${process.pid}-${Date.now()}`);
const { app, mail, database, query } = setUpTestApp(() => ({ fileStorage: createLocalDiskStorage(filesRoot) }));
afterAll(() => rm(filesRoot, { recursive: true, force: true }));

const read = (session: Session, url: string) => app.inject({ url, headers: bearer(session) });
const accept = (session: Session, token: string, records?: 'bring' | 'discard') =>
  app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: bearer(session),
    payload: records ? { records } : {},
  });
const numberOf = async (session: Session, id: string) =>
  (await read(session, `/api/certificates/${id}`)).json().certificate_number as string;
/** Where a certificate is held, and whose sequence numbered it (null: its own business's). */
const placeOf = async (certificateId: string) =>
  (await query('select business_id, numbered_in from certificates where id = $1', [certificateId])).rows[0];
const businessOfFile = async (fileId: string) =>
  (await query('select business_id from files where id = $1', [fileId])).rows[0]?.business_id;

/** An owner of a named business, and a person with a business of their own invited into it. */
async function invitedJoiner(role: 'office' | 'field' = 'office') {
  const { owner, businessId } = await ownerOfNamedBusiness(app, mail, database.db, 'Harbour Waterproofing');
  const email = uniqueEmail('bringing');
  const token = await invitationToken(app, mail, owner, email, role);
  const joiner = await registerConfirmedUser(app, mail, email);
  return { owner, businessId, joiner, token, ownBusinessId: await businessIdOf(database.db, joiner.user.id) };
}

/** A completed certificate of `session`'s with a photo on it: its id and the photo's. */
async function certificateWithPhoto(session: Session) {
  const photo = await uploadCertificatePhoto(app, session);
  const created = await postCertificate(app, session, { photos: [{ file_id: photo, caption: 'Shower recess' }] });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as string, photo };
}

describe("a joiner's records, brought", () => {
  it('keep their numbers beside the same numbers of the business, with photos, PDFs, SWMS and their maker', async () => {
    const { owner, businessId, joiner, token, ownBusinessId } = await invitedJoiner();
    const ownersCertificate = await createCompletedCertificate(app, owner);
    const ownersSwms = await createReadySwms(app, owner, 'Owner’s balcony');
    const brought = await certificateWithPhoto(joiner);
    const broughtSwms = await createReadySwms(app, joiner, 'Joiner’s balcony');
    // Both sequences gave out their first numbers: the same text in each business.
    const number = await numberOf(owner, ownersCertificate);
    expect(await numberOf(joiner, brought.id)).toBe(number);
    expect(broughtSwms.number).toBe(ownersSwms.number);
    const monthsBefore = (
      await query('select month, count from monthly_certificate_counts where business_id = $1', [businessId])
    ).rows;

    const joined = await accept(joiner, token, 'bring');
    expect(joined.statusCode, joined.body).toBe(200);
    const office = acceptedInvitationSchema.parse(joined.json()).session;
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId, role: 'office' });
    // The old business is deleted; its records are the business's, numbered where they were issued.
    expect((await query('select 1 from businesses where id = $1', [ownBusinessId])).rowCount).toBe(0);
    expect(await placeOf(brought.id)).toEqual({
      business_id: businessId,
      numbered_in: ownBusinessId,
    });
    expect(await businessOfFile(brought.photo)).toBe(businessId);
    const joinedEvent = await query(
      `select data->>'records' as records from audit_events where type = 'member.joined' and data->>'userId' = $1`,
      [joiner.user.id],
    );
    expect(joinedEvent.rows).toEqual([{ records: 'bring' }]);

    for (const member of [owner, office]) {
      const list = (await read(member, '/api/certificates')).json().items as Array<Record<string, unknown>>;
      expect(list.map((item) => [item.id, item.certificate_number]).sort()).toEqual(
        [
          [ownersCertificate, number],
          [brought.id, number],
        ].sort(),
      );
      const row = list.find((item) => item.id === brought.id);
      expect(row?.made_by).toMatchObject({ user_id: joiner.user.id });
      const detail = await read(member, `/api/certificates/${brought.id}`);
      expect(detail.json()).toMatchObject({ certificate_number: number, photos: [{ file_id: brought.photo }] });
      const photo = await read(member, `/api/files/${brought.photo}`);
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.length).toBeGreaterThan(0);
      const pdf = await read(member, `/api/certificates/${brought.id}/pdf`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const swms = (await read(member, '/api/swms')).json().items as Array<{ id: string; number: string }>;
      expect(swms.map((item) => [item.id, item.number]).sort()).toEqual(
        [
          [ownersSwms.id, ownersSwms.number],
          [broughtSwms.id, broughtSwms.number],
        ].sort(),
      );
    }
    // Counted where it was issued, not again here: the business's month is as it was.
    expect(
      (await query('select month, count from monthly_certificate_counts where business_id = $1', [businessId])).rows,
    ).toEqual(monthsBefore);
    // The business's own sequence goes on from its own last number.
    const next = await createCompletedCertificate(app, office);
    expect(await numberOf(owner, next)).toBe(number.replace(/0001$/, '0002'));

    // Another business holds none of it: an issued certificate is public by its id (the share
    // link), as any is, but is not theirs; its versions and photo's file are not found.
    const stranger = await registerConfirmedUser(app, mail);
    expect((await read(stranger, `/api/certificates/${brought.id}`)).json()).toMatchObject({ is_owner: false });
    expect((await read(stranger, `/api/certificates/${brought.id}/versions`)).statusCode).toBe(404);
    expect((await read(stranger, `/api/files/${brought.photo}`)).statusCode).toBe(404);
    expect((await read(stranger, '/api/certificates')).json().items).toEqual([]);
    expect((await read(stranger, '/api/swms')).json().items).toEqual([]);
  });

  it('keep their signing: a link mailed before the join signs after it, and the business sees it signed', async () => {
    const { owner, businessId, joiner, token } = await invitedJoiner();
    const certificate = await createCompletedCertificate(app, joiner);
    const signingToken = await mailedSigningToken(app, mail, joiner, 'certificate', certificate);
    expect((await accept(joiner, token, 'bring')).statusCode).toBe(200);

    const signed = await app.inject({
      method: 'POST',
      url: `/api/sign/${signingToken}/sign`,
      payload: { name: 'Alex Builder', read_confirmed: true, method: 'drawn', signature_png: await signaturePng() },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const list = (await read(owner, '/api/certificates')).json().items as Array<{ id: string; signed: boolean }>;
    expect(list.find((item) => item.id === certificate)?.signed).toBe(true);
    // The signer's signature is stored in the business that now holds the document.
    const { rows } = await query(
      `select f.business_id from signature_requests r join files f on f.id = r.signature_file_id
       where r.document_id = $1`,
      [certificate],
    );
    expect(rows).toEqual([{ business_id: businessId }]);
  });

  it("leave the old business's API tokens, webhooks and plan behind, deleted with it", async () => {
    const { businessId, joiner, token, ownBusinessId } = await invitedJoiner('field');
    // Premium without a renewing subscription (an admin's grant, or one cancelled): joining is allowed.
    await grantPremium(database.db, joiner.user.id);
    const made = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(joiner),
      payload: { name: 'Job system', scope: 'read', expires_in_days: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    const secret = made.json().secret as string;
    await query(
      `insert into webhook_endpoints (business_id, user_id, url, events)
       values ($1, $2, 'https://127.0.0.1/hooks', '{certificate.issued}')`,
      [ownBusinessId, joiner.user.id],
    );
    await createCompletedCertificate(app, joiner);
    expect(
      (await app.inject({ url: '/api/certificates', headers: { authorization: `Bearer ${secret}` } })).statusCode,
    ).toBe(200);

    expect((await accept(joiner, token, 'bring')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/certificates', headers: { authorization: `Bearer ${secret}` } })).statusCode,
    ).toBe(401);
    const left = await query(
      `select (select count(*)::int from api_tokens where user_id = $1) as tokens,
              (select count(*)::int from webhook_endpoints where user_id = $1) as webhooks`,
      [joiner.user.id],
    );
    expect(left.rows).toEqual([{ tokens: 0, webhooks: 0 }]);
    // The joiner's Premium was their old business's: the business they joined stays on its own plan.
    expect((await entitlements.of(database.db, businessId, new Date())).premium).toBe(false);
  });

  it('are not brought while the Premium of the old business renews: nothing moves', async () => {
    const { joiner, token, ownBusinessId } = await invitedJoiner();
    const certificate = await createCompletedCertificate(app, joiner);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/billing/test/complete',
      headers: bearer(joiner),
      payload: { interval: 'yearly' },
    });
    expect(paid.statusCode).toBe(200);
    const refused = await accept(joiner, token, 'bring');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: teamMessages.subscriptionStillActive });
    expect(await placeOf(certificate)).toEqual({ business_id: ownBusinessId, numbered_in: null });
  });

  it('are refused when their checklist templates would take the business past its limit: nothing moves', async () => {
    const { owner, businessId, joiner, token, ownBusinessId } = await invitedJoiner();
    await grantPremium(database.db, joiner.user.id);
    const template = await app.inject({
      method: 'POST',
      url: '/api/checklist-templates',
      headers: bearer(joiner),
      payload: balconyTemplate(),
    });
    expect(template.statusCode, template.body).toBe(201);
    const certificate = await createCompletedCertificate(app, joiner);
    await query(
      `insert into checklist_templates (business_id, user_id, name, body)
       select $1, $2, 'Kept ' || n, body from checklist_templates, generate_series(1, $3::int) n where id = $4`,
      [businessId, owner.user.id, CUSTOM_TEMPLATES_PER_BUSINESS, template.json().id],
    );

    const refused = await accept(joiner, token, 'bring');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'conflict',
      message: teamMessages.bringPastTemplateLimit('Harbour Waterproofing'),
    });
    expect(await placeOf(certificate)).toEqual({ business_id: ownBusinessId, numbered_in: null });
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId: ownBusinessId, role: 'owner' });
  });
});

describe("a brought file's bytes", () => {
  /** Moves a file's objects to where uploads from before teams are (`users/<uploader>/`), as its row says. */
  async function storedBeforeTeams(fileId: string, businessId: string, userId: string) {
    const { rows } = await query('select storage_key, thumbnail_key, print_key from files where id = $1', [fileId]);
    const keys = Object.values(rows[0] as Record<string, string | null>).filter((key) => key !== null);
    for (const key of keys) {
      const moved = key.replace(`businesses/${businessId}/`, `users/${userId}/`);
      await mkdir(path.dirname(path.join(filesRoot, moved)), { recursive: true });
      await rename(path.join(filesRoot, key), path.join(filesRoot, moved));
    }
    await query(
      `update files set storage_key = replace(storage_key, $1, $2), thumbnail_key = replace(thumbnail_key, $1, $2),
         print_key = replace(print_key, $1, $2) where id = $3`,
      [`businesses/${businessId}/`, `users/${userId}/`, fileId],
    );
  }

  /** The queue may be slow on a busy machine: the job is waited for, never timed. */
  async function filesRemovedFor(userId: string) {
    const deadline = Date.now() + 30_000;
    const done = () =>
      query(`select 1 from pgboss.job where name = 'account-files' and data->>'userId' = $1 and state = 'completed'`, [
        userId,
      ]);
    while ((await done()).rowCount === 0) {
      if (Date.now() > deadline) throw new Error('the account-files job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('stay when the account that uploaded them is deleted later, with the business it then had', async () => {
    const { owner, joiner, token, ownBusinessId } = await invitedJoiner('field');
    const brought = await certificateWithPhoto(joiner);
    await storedBeforeTeams(brought.photo, ownBusinessId, joiner.user.id);
    expect((await accept(joiner, token, 'bring')).statusCode).toBe(200);
    // Removed, the joiner has a business of their own again; deleting their account deletes it, and
    // its files job looks at their old folder.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/team/members/${joiner.user.id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = sessionSchema.parse((await signIn(app, joiner.user.email, GOOD_PASSWORD)).json());
    await deleteAccount(app, again);
    await filesRemovedFor(joiner.user.id);

    const photo = await read(owner, `/api/files/${brought.photo}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.length).toBeGreaterThan(0);
    const pdf = await read(owner, `/api/certificates/${brought.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});

describe("what the joiner's own business holds", () => {
  it('is what is counted and settled, not what they made in a team they were removed from', async () => {
    const former = await ownerOfNamedBusiness(app, mail, database.db, 'Former Team');
    const { owner } = await ownerOfNamedBusiness(app, mail, database.db, 'Harbour Waterproofing');
    // The invitee once worked in another team, made a certificate there and was removed from it.
    const email = uniqueEmail('once-a-member');
    const inFormerTeam = await addMember(app, mail, database.db, former.owner, 'field', email);
    const leftBehind = await createCompletedCertificate(app, inFormerTeam);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/team/members/${inFormerTeam.user.id}`,
      headers: bearer(former.owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const joiner = sessionSchema.parse((await signIn(app, email, GOOD_PASSWORD)).json());
    await giveIssuer(app, joiner.access_token);
    const own = await createCompletedCertificate(app, joiner);
    const token = await invitationToken(app, mail, owner, email, 'office');

    const asked = await accept(joiner, token);
    expect(errorOf(asked)).toMatchObject({ details: [{ path: 'certificates', message: '1' }, expect.anything()] });
    expect((await accept(joiner, token, 'discard')).statusCode).toBe(200);
    expect((await query('select 1 from certificates where id = $1', [own])).rowCount).toBe(0);
    expect(await placeOf(leftBehind)).toEqual({ business_id: former.businessId, numbered_in: null });
    expect((await read(owner, '/api/certificates')).json().items).toEqual([]);
  });
});

describe('bringing, when the join fails or races', () => {
  it('moves nothing when the join fails after the records were moved: one transaction', async () => {
    const { businessId, joiner, token, ownBusinessId } = await invitedJoiner();
    const brought = await certificateWithPhoto(joiner);
    // A fault after the moves (the new membership cannot be written), for this joiner only.
    await query(`
      create function refuse_joiner() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${joiner.user.id}' then raise exception 'the join fails here'; end if;
        return new;
      end $$`);
    await query(
      'create trigger refuse_joiner before insert on memberships for each row execute function refuse_joiner()',
    );
    try {
      expect((await accept(joiner, token, 'bring')).statusCode).toBe(500);
    } finally {
      await query('drop trigger refuse_joiner on memberships');
      await query('drop function refuse_joiner');
    }
    expect(await placeOf(brought.id)).toEqual({ business_id: ownBusinessId, numbered_in: null });
    expect(await businessOfFile(brought.photo)).toBe(ownBusinessId);
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId: ownBusinessId, role: 'owner' });
    expect((await app.inject({ url: `/api/invitations/${token}` })).json()).toMatchObject({ status: 'pending' });

    // The same link then works, and moves everything once.
    const joined = await accept(joiner, token, 'bring');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await placeOf(brought.id)).toEqual({
      business_id: businessId,
      numbered_in: ownBusinessId,
    });
  });

  it('moves the records once when the same link is accepted twice at the same time', async () => {
    const { businessId, joiner, token, ownBusinessId } = await invitedJoiner();
    const certificate = await createCompletedCertificate(app, joiner);
    const answers = await Promise.all([accept(joiner, token, 'bring'), accept(joiner, token, 'bring')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await placeOf(certificate)).toEqual({
      business_id: businessId,
      numbered_in: ownBusinessId,
    });
  });

  it('moves the records into one business when two invitations are accepted at the same time', async () => {
    const first = await ownerOfNamedBusiness(app, mail, database.db, 'Harbour Waterproofing');
    const second = await ownerOfNamedBusiness(app, mail, database.db, 'Dry Right Waterproofing');
    const email = uniqueEmail('two-invitations');
    const tokens = [
      await invitationToken(app, mail, first.owner, email, 'office'),
      await invitationToken(app, mail, second.owner, email, 'office'),
    ];
    const joiner = await registerConfirmedUser(app, mail, email);
    const certificate = await createCompletedCertificate(app, joiner);
    const answers = await Promise.all(tokens.map((token) => accept(joiner, token, 'bring')));
    // The second to commit finds them a member of the first business already: they move on, the
    // records stay where the first accept brought them.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const { business_id: holder } = await placeOf(certificate);
    expect([first.businessId, second.businessId]).toContain(holder);
    expect(
      (await query('select count(*)::int as count from certificates where user_id = $1', [joiner.user.id])).rows,
    ).toEqual([{ count: 1 }]);
  });
});

describe('what a joiner brings', () => {
  it("is every table keyed by business but the business's own account, plan, numbering and team", async () => {
    const stays = [
      'api_tokens',
      'audit_events',
      'billing_accounts',
      'document_number_sequences',
      'invitations',
      'memberships',
      'monthly_certificate_counts',
      'subscribers',
      'webhook_endpoints',
    ];
    const moved = ['certificates', 'safety_documents', ...BROUGHT_WITH_THE_RECORDS];
    const { rows } = await query(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'business_id' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([...stays, ...moved].sort());
  });
});
