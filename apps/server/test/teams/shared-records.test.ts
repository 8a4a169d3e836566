import { certificateMessages, errorCodes, FREE_MONTHLY_COMPLETED_LIMIT, type Session, type Swms } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, deleteAccount, registerConfirmedUser } from '../support/auth-helpers.ts';
import { patchCertificate, postCertificate, uploadCertificatePhoto } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';

/*
 * ADR 0077, slice 3: the business, not the person, owns the records. Everyone in one business sees
 * and edits the same certificates, SWMS and photos, numbered in one sequence and counted in one
 * monthly count; a member of another business sees none of it.
 */
const { database, mail, app, query } = setUpTestApp();

const createCertificate = (session: Session, extra: Record<string, unknown> = {}) =>
  postCertificate(app, session, extra);
const read = (session: Session, url: string) => app.inject({ url, headers: bearer(session) });
const idsIn = async (session: Session, url: string) =>
  ((await read(session, url)).json() as { items: Array<{ id: string }> }).items.map((item) => item.id).sort();

const uploadPhoto = (session: Session) => uploadCertificatePhoto(app, session);

/**
 * A business of an owner, an office and a field member, and a stranger in a business of their own.
 * Premium by default: three people need more seats than the free plan's two (ADR 0077).
 */
async function businessOfThree(plan: 'premium' | 'free' = 'premium') {
  const owner = await registerConfirmedUser(app, mail);
  if (plan === 'premium') await grantPremium(database.db, owner.user.id);
  const office = await addMember(app, mail, database.db, owner, 'office');
  const field = await addMember(app, mail, database.db, owner, 'field');
  const stranger = await registerConfirmedUser(app, mail);
  return { owner, office, field, stranger, members: [owner, office, field] };
}

describe("a business's records, shared by its members", () => {
  it('lets owner, office and field member see and edit the same certificates, SWMS and photos; another business sees none', async () => {
    const { owner, office, field, stranger, members } = await businessOfThree();

    // The field member takes a photo; the owner starts a draft with it; the office member finishes it.
    const photo = await uploadPhoto(field);
    const draft = await createCertificate(owner, {
      status: 'draft',
      photos: [{ file_id: photo, caption: 'Shower recess, primed' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const certificateId = draft.json().id as string;
    const completed = await patchCertificate(app, office, certificateId, { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'completed', user_id: owner.user.id });
    // The maker stays the owner; the record, its photo and its PDF are everyone's in the business.
    for (const member of members) {
      expect(await idsIn(member, '/api/certificates')).toEqual([certificateId]);
      const detail = await read(member, `/api/certificates/${certificateId}`);
      expect(detail.json()).toMatchObject({ is_owner: true, photos: [{ file_id: photo }] });
      expect((await read(member, `/api/files/${photo}`)).statusCode).toBe(200);
      expect((await read(member, `/api/certificates/${certificateId}/pdf`)).statusCode).toBe(200);
      expect((await read(member, `/api/certificates?limit=5`)).json().items).toHaveLength(1);
    }
    const gallery = await read(field, '/api/gallery');
    expect(gallery.statusCode, gallery.body).toBe(200);
    expect(gallery.json()).toMatchObject({ photos: [{ certificate_id: certificateId, file_id: photo }] });

    // A SWMS the field member makes, the office member edits.
    const swms = await createReadySwms(app, field, 'Podium membrane');
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers: bearer(office),
      payload: { revision: swms.revision, body: { ...swms.body, work_location: '3 Quay St, Sydney NSW 2000' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const member of members) {
      expect(await idsIn(member, '/api/swms')).toEqual([swms.id]);
      expect(((await read(member, `/api/swms/${swms.id}`)).json() as Swms).body.work_location).toBe(
        '3 Quay St, Sydney NSW 2000',
      );
    }

    // Another business: nothing listed, and each record is "not found" as any unknown id is.
    expect(await idsIn(stranger, '/api/certificates')).toEqual([]);
    expect(await idsIn(stranger, '/api/swms')).toEqual([]);
    const theirs = await read(stranger, `/api/certificates/${certificateId}`);
    // An issued certificate is readable by its share link, but never as the stranger's own.
    expect(theirs.json()).toMatchObject({ is_owner: false });
    expect((await patchCertificate(app, stranger, certificateId, { areas: 'Laundry' })).statusCode).toBe(404);
    expect((await read(stranger, `/api/swms/${swms.id}`)).statusCode).toBe(404);
    expect((await read(stranger, `/api/files/${photo}`)).statusCode).toBe(404);
    expect((await read(stranger, `/api/certificates/${certificateId}/versions`)).statusCode).toBe(404);
    // Nor can the stranger claim the business's photo on a certificate of their own.
    const claimed = await createCertificate(stranger, { photos: [{ file_id: photo, caption: '' }] });
    expect(claimed.statusCode).toBe(400);
  });

  it('numbers certificates and SWMS in one sequence per business, whichever member issues', async () => {
    const { owner, office, field, stranger } = await businessOfThree();
    const year = new Date().getFullYear();
    const numbers: string[] = [];
    for (const member of [owner, field, office, field]) {
      const response = await createCertificate(member);
      expect(response.statusCode, response.body).toBe(201);
      numbers.push(response.json().certificate_number);
    }
    expect(numbers).toEqual([1, 2, 3, 4].map((n) => `WPC-${year}-000${n}`));
    const swmsNumbers = [(await createReadySwms(app, office)).number, (await createReadySwms(app, field)).number];
    expect(swmsNumbers).toEqual([`SWMS-${year}-0001`, `SWMS-${year}-0002`]);
    // Another business starts its own numbering.
    expect((await createCertificate(stranger)).json().certificate_number).toBe(`WPC-${year}-0001`);
    const { businessId } = await membershipOf(database.db, owner.user.id);
    const { rows } = await query(
      `select kind, last_number from document_number_sequences where business_id = $1 order by kind`,
      [businessId],
    );
    expect(rows).toEqual([
      { kind: 'certificate', last_number: 4 },
      { kind: 'swms', last_number: 2 },
    ]);
  });

  it("counts the free plan's monthly limit once for the business: the owner's 3 and a member's 2 leave none", async () => {
    // The free plan seats two: the field member, third, reads the usage but creates nothing.
    const { owner, office, field, stranger } = await businessOfThree('free');
    for (const member of [owner, owner, owner, office, office]) {
      expect((await createCertificate(member)).statusCode).toBe(201);
    }
    expect(FREE_MONTHLY_COMPLETED_LIMIT).toBe(5);
    expect((await read(field, '/api/certificates/usage')).json()).toMatchObject({ completed: 5, limit: 5 });
    for (const member of [owner, office]) {
      const usage = (await read(member, '/api/certificates/usage')).json();
      expect(usage).toMatchObject({ completed: 5, limit: 5 });
      const refused = await createCertificate(member);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({
        code: errorCodes.monthlyLimitReached,
        message: certificateMessages.monthlyLimit,
      });
      // A draft is still saved, not counted (PRODUCT.md, Plans).
      expect((await createCertificate(member, { status: 'draft' })).statusCode).toBe(201);
    }
    // The refusals counted nothing, and another business's month is its own.
    expect((await read(owner, '/api/certificates/usage')).json()).toMatchObject({ completed: 5 });
    expect((await createCertificate(stranger)).statusCode).toBe(201);
    expect((await read(stranger, '/api/certificates/usage')).json()).toMatchObject({ completed: 1 });
  });

  it("keeps a member's records with the business when their account is deleted, and removes none of its files", async () => {
    const { owner, field } = await businessOfThree();
    const photo = await uploadPhoto(field);
    const made = await createCertificate(field, { photos: [{ file_id: photo, caption: '' }] });
    expect(made.statusCode, made.body).toBe(201);
    await deleteAccount(app, field);
    const kept = await read(owner, `/api/certificates/${made.json().id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ user_id: null, is_owner: true, photos: [{ file_id: photo }] });
    expect((await read(owner, `/api/files/${photo}`)).statusCode).toBe(200);
    const { rows } = await query(
      `select count(*)::int as n from pgboss.job where name = 'account-files' and data->>'userId' = $1`,
      [field.user.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
