import type { MadeBy, Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, deleteAccount, registerConfirmedUser } from '../support/auth-helpers.ts';
import { postCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';

/*
 * ADR 0077, slice 8: the business's lists name who made each record, and "Mine" keeps the caller's
 * own. Another business's records are in neither.
 */
const { database, mail, app, query } = setUpTestApp();

type Row = { id: string; made_by: MadeBy };
const list = async (session: Session, url: string): Promise<Row[]> => {
  const response = await app.inject({ url, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Row[] }).items;
};
const ids = (rows: Row[]) => rows.map((row) => row.id).sort();
const named = (session: Session, name: string) =>
  query('update profiles set applicator_name = $2 where id = $1', [session.user.id, name]);

async function businessWithAFieldMember() {
  const owner = await registerConfirmedUser(app, mail);
  // Three people need more seats than the free plan's two (ADR 0077, slice 7).
  await grantPremium(database.db, owner.user.id);
  const field = await addMember(app, mail, database.db, owner, 'field');
  await named(owner, 'Alex Owner');
  await named(field, 'Sam Taylor');
  return { owner, field };
}

const createCertificate = async (session: Session) => {
  const response = await postCertificate(app, session, { status: 'draft' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
};

describe('who made each record, in lists', () => {
  it("names each certificate's, SWMS's and cover sheet's maker; a deleted maker's records stay, made by no one", async () => {
    const { owner, field } = await businessWithAFieldMember();
    // A field member reads cover sheets; an office member makes them.
    const office = await addMember(app, mail, database.db, owner, 'office');
    await named(office, 'Jo Office');
    const ownersCertificate = await createCertificate(owner);
    const fieldsCertificate = await createCertificate(field);
    const fieldsSwms = await createReadySwms(app, field);
    const officesCoverSheet = await createReadyCoverSheet(app, office, fieldsSwms.id);

    const madeBy = (rows: Row[], id: string) => rows.find((row) => row.id === id)?.made_by;
    for (const reader of [owner, field]) {
      const certificates = await list(reader, '/api/certificates');
      expect(madeBy(certificates, ownersCertificate)).toEqual({ user_id: owner.user.id, name: 'Alex Owner' });
      expect(madeBy(certificates, fieldsCertificate)).toEqual({ user_id: field.user.id, name: 'Sam Taylor' });
      expect(madeBy(await list(reader, '/api/swms'), fieldsSwms.id)).toEqual({
        user_id: field.user.id,
        name: 'Sam Taylor',
      });
      expect(madeBy(await list(reader, '/api/cover-sheets'), officesCoverSheet.id)).toEqual({
        user_id: office.user.id,
        name: 'Jo Office',
      });
    }

    // Without a printed name, the maker is known by their address.
    await named(field, '');
    expect(madeBy(await list(owner, '/api/certificates'), fieldsCertificate)).toEqual({
      user_id: field.user.id,
      name: field.user.email,
    });

    await deleteAccount(app, field);
    await deleteAccount(app, office);
    const certificates = await list(owner, '/api/certificates');
    expect(ids(certificates)).toEqual([ownersCertificate, fieldsCertificate].sort());
    expect(madeBy(certificates, fieldsCertificate)).toBeNull();
    expect(madeBy(certificates, ownersCertificate)).toEqual({ user_id: owner.user.id, name: 'Alex Owner' });
    expect(madeBy(await list(owner, '/api/swms'), fieldsSwms.id)).toBeNull();
    expect(madeBy(await list(owner, '/api/cover-sheets'), officesCoverSheet.id)).toBeNull();
  });
});

describe('"Mine" and "Everyone\'s"', () => {
  it("gives the owner and the field member each their own under made_by=me, the same everyone's, never another business's", async () => {
    const { owner, field } = await businessWithAFieldMember();
    const stranger = await registerConfirmedUser(app, mail);
    const ownersCertificates = [await createCertificate(owner), await createCertificate(owner)];
    const fieldsCertificate = await createCertificate(field);
    await createCertificate(stranger);
    const ownersSwms = await createReadySwms(app, owner);
    const fieldsSwms = await createReadySwms(app, field);
    await createReadySwms(app, stranger);

    expect(ids(await list(owner, '/api/certificates?made_by=me'))).toEqual(ownersCertificates.sort());
    expect(ids(await list(field, '/api/certificates?made_by=me'))).toEqual([fieldsCertificate]);
    const everyones = [...ownersCertificates, fieldsCertificate].sort();
    expect(ids(await list(owner, '/api/certificates'))).toEqual(everyones);
    expect(ids(await list(field, '/api/certificates'))).toEqual(everyones);

    expect(ids(await list(owner, '/api/swms?made_by=me'))).toEqual([ownersSwms.id]);
    expect(ids(await list(field, '/api/swms?made_by=me'))).toEqual([fieldsSwms.id]);
    expect(ids(await list(field, '/api/swms'))).toEqual([ownersSwms.id, fieldsSwms.id].sort());

    // Combined with the other filters and paged: still only the caller's.
    const pageOne = await app.inject({ url: '/api/certificates?made_by=me&limit=1', headers: bearer(owner) });
    const { items, next_cursor } = pageOne.json() as { items: Row[]; next_cursor: string };
    const pageTwo = await list(owner, `/api/certificates?made_by=me&limit=1&cursor=${next_cursor}`);
    expect(ids([...items, ...pageTwo])).toEqual(ownersCertificates.sort());
    expect(ids(await list(field, '/api/certificates?made_by=me&status=completed'))).toEqual([]);

    // A stranger's "Mine" and "Everyone's" are their own business's alone.
    expect(await list(stranger, '/api/certificates?made_by=me')).toHaveLength(1);
    expect(await list(stranger, '/api/certificates')).toHaveLength(1);
  });

  it('refuses a made_by other than "me" with the one error shape', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    // Three people need more seats than the free plan's two (ADR 0077, slice 7).
    await grantPremium(database.db, owner.user.id);
    for (const url of ['/api/certificates?made_by=you', `/api/swms?made_by=${owner.user.id}`]) {
      const response = await app.inject({ url, headers: bearer(owner) });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
    }
  });
});
