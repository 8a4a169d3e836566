import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { liveLetterhead } from '../../src/platform/documents/letterheads.ts';
import { letterheadsBefore } from '../support/letterheads-before.ts';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0042_sent_letterheads_and_billing_interval freezes into every SWMS or cover-sheet version sent to a
 * builder before sending issued it the letterhead it prints now, as 0039 did for printed and signed
 * ones (ADR 0088). A database just before it, filled the way the schema then allowed, is migrated here.
 */
const BEFORE = '0042_sent_letterheads_and_billing_interval';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);
const { idOf, business, person, documentOf, issuerOf, letterhead } = letterheadsBefore(run);

const sentToBuilder = (kind: string, id: string, version: number, businessId: string) =>
  run(
    `insert into document_sends (business_id, document_kind, document_id, document_version, recipient_email,
       recipient_name, token_hash) values ($1, $2, $3, $4, 'builder@example.com', 'Alex Builder', gen_random_uuid()::text)`,
    [businessId, kind, id, version],
  );

describe(`migration ${BEFORE}`, () => {
  it('freezes into every version sent to a builder the letterhead it prints, and leaves the rest alone', async () => {
    // One person: v1 sent to a builder, a draft v2 after it, never sent.
    const solo = await business('Solo Waterproofing', 'Sam Solo');
    const soloSwms = await documentOf('swms', solo.businessId, solo.owner.userId, 2);
    await sentToBuilder('swms', soloSwms, 1, solo.businessId);
    // Two people: the field member's cover sheet sent to a builder is issued by them, for the business.
    const team = await business('Team Membranes', 'Olive Owner');
    const field = await person(team.businessId, 'field', 'Kim Field');
    const teamCover = await documentOf('cover_sheet', team.businessId, field.userId, 1);
    await sentToBuilder('cover_sheet', teamCover, 1, team.businessId);
    // Sent, and frozen already by a print before the rename: what it was issued with stays.
    const frozenSwms = await documentOf('swms', solo.businessId, solo.owner.userId, 1);
    const issuedWith = letterhead('Old Name Waterproofing', solo.logo, 'Sam Solo', solo.owner.signature);
    await run(`update document_versions set issued_at = now(), issuer = $2 where document_id = $1`, [
      frozenSwms,
      issuedWith,
    ]);
    await sentToBuilder('swms', frozenSwms, 1, solo.businessId);
    // A certificate keeps its issuer in its body: its send writes nothing here.
    const certificateId = await idOf('select gen_random_uuid() as id');
    await run(
      `insert into document_versions (document_id, version, kind, business_id, body, fingerprint, issued_at)
       values ($1, 1, 'certificate', $2, '{}', 'f', now())`,
      [certificateId, solo.businessId],
    );
    await sentToBuilder('certificate', certificateId, 1, solo.businessId);

    await before.migrateRest();

    expect(await issuerOf(soloSwms, 1)).toEqual(
      letterhead('Solo Waterproofing', solo.logo, 'Sam Solo', solo.owner.signature),
    );
    expect(await issuerOf(soloSwms, 2)).toBeNull();
    expect(await issuerOf(teamCover, 1)).toEqual({
      ...letterhead('Team Membranes', team.logo, 'Kim Field', field.signature),
      issued_by: 'Kim Field',
    });
    expect(await issuerOf(frozenSwms, 1)).toEqual(issuedWith);
    expect(await issuerOf(certificateId, 1)).toBeNull();
    // The SQL reads the business as the server does when it issues: the same letterhead, key for key.
    const db = drizzle(before.client);
    expect(await issuerOf(soloSwms, 1)).toEqual(
      await liveLetterhead(db, { businessId: solo.businessId, userId: solo.owner.userId }),
    );
    expect(await issuerOf(teamCover, 1)).toEqual(
      await liveLetterhead(db, { businessId: team.businessId, userId: field.userId }),
    );
  });
});
