import { describe, expect, it } from 'vitest';
import { letterheadsBefore } from '../support/letterheads-before.ts';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0043_versions_issued_by_their_act dates every SWMS or cover-sheet version issued by its act's row
 * alone (sent for signing, opened for site sign-on, sent as a copy) by its first such act, as every
 * issuing act now does (ADR 0099). A database just before it, filled the way the schema then allowed,
 * is migrated here; no event is made for them.
 */
const BEFORE = '0043_versions_issued_by_their_act';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);
const { business, documentOf } = letterheadsBefore(run);

const MARCH_1 = new Date('2026-03-01T01:00:00Z');
const MARCH_2 = new Date('2026-03-02T01:00:00Z');
const MARCH_3 = new Date('2026-03-03T01:00:00Z');

const sentForSigning = (kind: string, id: string, version: number, businessId: string, at: Date) =>
  run(
    `insert into signature_requests (business_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at, created_at) values ($1, $2, $3, $4, 'f', 'Alex Builder', $5::timestamptz + interval '7 days', $5)`,
    [businessId, kind, id, version, at],
  );

const siteLinkOpened = (id: string, version: number, businessId: string, at: Date) =>
  run(
    `insert into site_sign_on_links (business_id, document_kind, document_id, document_version, token_hash, fingerprint,
       created_at) values ($1, 'swms', $2, $3, gen_random_uuid()::text, 'f', $4)`,
    [businessId, id, version, at],
  );

const sentToBuilder = (kind: string, id: string, version: number, businessId: string, at: Date) =>
  run(
    `insert into document_sends (business_id, document_kind, document_id, document_version, recipient_email,
       recipient_name, token_hash, created_at) values ($1, $2, $3, $4, 'builder@example.com', 'Alex Builder',
       gen_random_uuid()::text, $5)`,
    [businessId, kind, id, version, at],
  );

const issuedAtOf = async (id: string, version: number) =>
  (await run('select issued_at from document_versions where document_id = $1 and version = $2', [id, version])).rows[0]
    .issued_at as Date | null;

const auditEventCount = async () => (await run('select count(*)::int as count from audit_events')).rows[0].count;

describe(`migration ${BEFORE}`, () => {
  it('dates every version issued by its act alone by its first act, and leaves the rest alone', async () => {
    const solo = await business('Solo Waterproofing', 'Sam Solo');
    // v1 sent for signing on 2 March, its site sign-on opened on 3 March; v2 a draft, never sent.
    const sentSwms = await documentOf('swms', solo.businessId, solo.owner.userId, 2);
    await siteLinkOpened(sentSwms, 1, solo.businessId, MARCH_3);
    await sentForSigning('swms', sentSwms, 1, solo.businessId, MARCH_2);
    // A cover sheet sent as a copy to a builder on 1 March.
    const copiedCover = await documentOf('cover_sheet', solo.businessId, solo.owner.userId, 1);
    await sentToBuilder('cover_sheet', copiedCover, 1, solo.businessId, MARCH_1);
    // Printed on 1 March, then sent for signing: its print dates it.
    const printedSwms = await documentOf('swms', solo.businessId, solo.owner.userId, 1);
    await run('update document_versions set issued_at = $2 where document_id = $1', [printedSwms, MARCH_1]);
    await sentForSigning('swms', printedSwms, 1, solo.businessId, MARCH_3);
    // A certificate's version is dated by its completion, never by a signing request.
    const certificateId = (await run('select gen_random_uuid() as id')).rows[0].id as string;
    await run(
      `insert into document_versions (document_id, version, kind, business_id, body, fingerprint)
       values ($1, 1, 'certificate', $2, '{}', 'f')`,
      [certificateId, solo.businessId],
    );
    await sentForSigning('certificate', certificateId, 1, solo.businessId, MARCH_2);
    const eventsBefore = await auditEventCount();

    await before.migrateRest();

    expect(await issuedAtOf(sentSwms, 1)).toEqual(MARCH_2);
    expect(await issuedAtOf(sentSwms, 2)).toBeNull();
    expect(await issuedAtOf(copiedCover, 1)).toEqual(MARCH_1);
    expect(await issuedAtOf(printedSwms, 1)).toEqual(MARCH_1);
    expect(await issuedAtOf(certificateId, 1)).toBeNull();
    expect(await auditEventCount()).toBe(eventsBefore);
  });
});
