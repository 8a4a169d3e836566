import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { liveLetterhead } from '../../src/platform/documents/letterheads.ts';
import { letterheadsBefore } from '../support/letterheads-before.ts';
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
const { idOf, business, person, documentOf, issuerOf, letterhead } = letterheadsBefore(run);

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
