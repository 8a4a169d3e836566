import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { liveLetterhead } from '../../src/platform/documents/letterheads.ts';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0039_frozen_letterheads freezes into every SWMS or cover-sheet version issued before it (printed,
 * sent or signed) the letterhead it printed then: its business, with its maker while they are a
 * member, else the owner (ADR 0088). A database just before it, filled the way the schema then
 * allowed, is migrated here.
 */
const BEFORE = '0039_frozen_letterheads';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);
const idOf = async (text: string, values: unknown[] = []) => (await run(text, values)).rows[0].id as string;

async function imageOf(businessId: string, purpose: 'logo' | 'signature'): Promise<string> {
  return idOf(
    `insert into files (business_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
     values ($1, $2, 'image/png', 1, 1, 1, gen_random_uuid()::text, gen_random_uuid()::text) returning id`,
    [businessId, purpose],
  );
}

/** A business named `name` with a logo, whose owner is named `ownerName` and has a signature. */
async function business(name: string, ownerName: string) {
  const businessId = await idOf('insert into businesses default values returning id');
  const logo = await imageOf(businessId, 'logo');
  await run(
    `update businesses set company_name = $2, company_abn = '51824753556', company_address = '1 Wharf Rd',
       company_phone = '02 9000 0000', company_email = 'office@example.com', logo_file_id = $3,
       time_zone = 'Australia/Perth' where id = $1`,
    [businessId, name, logo],
  );
  const owner = await person(businessId, 'owner', ownerName);
  return { businessId, logo, owner };
}

/** A member of `businessId` as `role`, named `name`, with their own signature. */
async function person(businessId: string, role: string, name: string) {
  const userId = await idOf('insert into users (email) values (gen_random_uuid()::text) returning id');
  await run('insert into memberships (business_id, user_id, role) values ($1, $2, $3)', [businessId, userId, role]);
  const signature = await imageOf(businessId, 'signature');
  await run('insert into profiles (id, applicator_name, signature_file_id) values ($1, $2, $3)', [
    userId,
    name,
    signature,
  ]);
  return { userId, signature };
}

/** A SWMS or cover sheet made by `makerId` (null: their account is gone), with `versions` of its own. */
async function documentOf(kind: string, businessId: string, makerId: string | null, versions: number) {
  const id = await idOf(
    `insert into safety_documents (business_id, user_id, kind, number, current_version)
     values ($1, $2, $3, gen_random_uuid()::text, $4) returning id`,
    [businessId, makerId, kind, versions],
  );
  for (let version = 1; version <= versions; version++) {
    await run(
      `insert into document_versions (document_id, version, kind, business_id, user_id, body, fingerprint)
       values ($1, $2, $3, $4, $5, '{}', 'f')`,
      [id, version, kind, businessId, makerId],
    );
  }
  return id;
}

const printed = (id: string, version: number) =>
  run('update document_versions set issued_at = now() where document_id = $1 and version = $2', [id, version]);

const sentForSigning = (kind: string, id: string, version: number, businessId: string) =>
  run(
    `insert into signature_requests (business_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at) values ($1, $2, $3, $4, 'f', 'Alex Builder', now() + interval '7 days')`,
    [businessId, kind, id, version],
  );

const siteLinkOpened = (id: string, version: number, businessId: string) =>
  run(
    `insert into site_sign_on_links (business_id, document_kind, document_id, document_version, token_hash, fingerprint)
     values ($1, 'swms', $2, $3, gen_random_uuid()::text, 'f')`,
    [businessId, id, version],
  );

const issuerOf = async (id: string, version: number) =>
  (await run('select issuer from document_versions where document_id = $1 and version = $2', [id, version])).rows[0]
    .issuer;

const letterhead = (name: string, logo: string, applicatorName: string, signature: string) => ({
  company_name: name,
  company_abn: '51824753556',
  company_address: '1 Wharf Rd',
  company_phone: '02 9000 0000',
  company_email: 'office@example.com',
  logo_file_id: logo,
  applicator_name: applicatorName,
  signature_file_id: signature,
  time_zone: 'Australia/Perth',
});

describe(`migration ${BEFORE}`, () => {
  it('freezes into every issued version the letterhead it printed, and leaves drafts and certificates alone', async () => {
    // One person: printed v1, a draft v2 after it; a cover sheet sent for signing, never printed.
    const solo = await business('Solo Waterproofing', 'Sam Solo');
    const soloSwms = await documentOf('swms', solo.businessId, solo.owner.userId, 2);
    await printed(soloSwms, 1);
    const soloCover = await documentOf('cover_sheet', solo.businessId, solo.owner.userId, 1);
    await sentForSigning('cover_sheet', soloCover, 1, solo.businessId);
    // Two people: the field member's SWMS opened for site sign-on is issued by them, for the business.
    const team = await business('Team Membranes', 'Olive Owner');
    const field = await person(team.businessId, 'field', 'Kim Field');
    const teamSwms = await documentOf('swms', team.businessId, field.userId, 1);
    await siteLinkOpened(teamSwms, 1, team.businessId);
    // A maker whose account is gone: the owner stands behind what was printed.
    const orphanSwms = await documentOf('swms', team.businessId, null, 1);
    await printed(orphanSwms, 1);
    // A certificate keeps its issuer in its body: nothing is written here.
    const certificateId = await idOf('select gen_random_uuid() as id');
    await run(
      `insert into document_versions (document_id, version, kind, business_id, body, fingerprint, issued_at)
       values ($1, 1, 'certificate', $2, '{}', 'f', now())`,
      [certificateId, solo.businessId],
    );

    await before.migrateRest();

    const soloLetterhead = letterhead('Solo Waterproofing', solo.logo, 'Sam Solo', solo.owner.signature);
    expect(await issuerOf(soloSwms, 1)).toEqual(soloLetterhead);
    expect(await issuerOf(soloSwms, 2)).toBeNull();
    expect(await issuerOf(soloCover, 1)).toEqual(soloLetterhead);
    expect(await issuerOf(teamSwms, 1)).toEqual({
      ...letterhead('Team Membranes', team.logo, 'Kim Field', field.signature),
      issued_by: 'Kim Field',
    });
    expect(await issuerOf(orphanSwms, 1)).toEqual({
      ...letterhead('Team Membranes', team.logo, 'Olive Owner', team.owner.signature),
      issued_by: 'Olive Owner',
    });
    expect(await issuerOf(certificateId, 1)).toBeNull();
    // The SQL reads the business as the server does at print time: the same letterhead, key for key.
    const db = drizzle(before.client);
    for (const [id, businessId, userId] of [
      [soloSwms, solo.businessId, solo.owner.userId],
      [teamSwms, team.businessId, field.userId],
      [orphanSwms, team.businessId, null],
    ] as const) {
      expect(await issuerOf(id, 1)).toEqual(await liveLetterhead(db, { businessId, userId }));
    }
  });
});
