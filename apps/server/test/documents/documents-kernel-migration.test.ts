import { describe, expect, it } from 'vitest';
import { certificateFingerprint, contentOf } from '../../src/features/certificates/certificate-content.ts';
import type { CertificateRow } from '../../src/features/certificates/certificates.repo.ts';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0020_documents_kernel moves SWMS and cover-sheet versions into the kernel's
 * document_versions, and gives certificates versions. A database filled through the previous
 * schema is migrated here: nothing is lost, and every fingerprint already printed still matches.
 */
const BEFORE = '0020_documents_kernel';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

describe(`migration ${BEFORE}`, () => {
  it('keeps every SWMS version, signature and audit event, and makes each certificate its version 1', async () => {
    const user = (await run(`insert into users (email) values ('crew@example.com') returning id`)).rows[0].id;
    const swms = (
      await run(
        `insert into safety_documents (user_id, kind, number, current_version, revision, ready)
         values ($1, 'swms', 'SWMS-2026-0001', 2, 5, true) returning id`,
        [user],
      )
    ).rows[0].id;
    await run(
      `insert into safety_document_versions (document_id, version, body, fingerprint)
       values ($1, 1, '{"title":"Balcony"}', 'f1'), ($1, 2, '{"title":"Balcony, rev"}', 'f2')`,
      [swms],
    );
    const signature = (
      await run(
        `insert into signature_requests (user_id, document_kind, document_id, document_version, fingerprint_at_send,
           signer_name, expires_at, signed_at, fingerprint_at_sign)
         values ($1, 'swms', $2, 1, 'f1', 'Kim Worker', now() + interval '14 days', now(), 'f1') returning id`,
        [user, swms],
      )
    ).rows[0].id;
    await run(
      `insert into audit_events (type, subject_kind, subject_id, actor_kind, data)
       values ('signing.signed', 'signature_request', $1, 'signer', '{}')`,
      [signature],
    );
    const certificate = (
      await run(
        `insert into certificates (user_id, job_site_address, installation_date, areas, standards, status,
           certificate_number, completed_at, completed_month)
         values ($1, '7 Wattle Cres', '2026-11-12', 'Ensuite', '{AS 3740-2021}', 'completed', 'WPC-2026-0007',
           '2026-11-14T03:04:05.678Z', '2026-11') returning *`,
        [user],
      )
    ).rows[0];

    await before.migrateRest();

    expect(
      (
        await run(
          'select document_id, version, kind, user_id, body, fingerprint from document_versions order by version',
        )
      ).rows,
    ).toEqual([
      { document_id: swms, version: 1, kind: 'swms', user_id: user, body: { title: 'Balcony' }, fingerprint: 'f1' },
      {
        document_id: swms,
        version: 2,
        kind: 'swms',
        user_id: user,
        body: { title: 'Balcony, rev' },
        fingerprint: 'f2',
      },
    ]);
    expect(
      (await run('select document_version, signed_at is not null as signed from signature_requests')).rows,
    ).toEqual([{ document_version: 1, signed: true }]);
    expect(
      (await run(`select count(*)::int as count from audit_events where subject_id = $1`, [signature])).rows,
    ).toEqual([{ count: 1 }]);
    expect((await run('select current_version, revision, withdrawn_at from safety_documents')).rows).toEqual([
      { current_version: 2, revision: 5, withdrawn_at: null },
    ]);

    const migrated = (await run('select * from certificates')).rows[0];
    expect(migrated).toMatchObject({
      version: 1,
      revision: 0,
      amended_at: null,
      amendment_reason: null,
      withdrawn_at: null,
    });
    // The certificate's fingerprint, as printed before the migration, is the one its version 1 has now.
    const asRow = (row: Record<string, unknown>): CertificateRow =>
      ({
        id: row.id,
        userId: row.user_id,
        certificateNumber: row.certificate_number,
        status: row.status,
        standards: row.standards,
        jobSiteAddress: row.job_site_address,
        installationDate: row.installation_date,
        areas: row.areas,
        materialsUsed: row.materials_used,
        additionalInfo: row.additional_info,
        photos: row.photos,
        applicator: row.applicator,
        completedAt: row.completed_at,
        version: (row.version as number | undefined) ?? 1,
        amendedAt: null,
        amendmentReason: null,
      }) as CertificateRow;
    expect(certificateFingerprint(contentOf(asRow(migrated)))).toBe(
      certificateFingerprint(contentOf(asRow(certificate))),
    );
    expect(migrated.installation_date).toEqual(certificate.installation_date);
  });
});

/*
 * 0021_printed_versions: a SWMS or cover-sheet version is issued when printed, sent or signed. The
 * current version of a ready one verified as issued before, so it stays issued; a draft does not.
 */
describe('migration 0021_printed_versions', () => {
  const printed = useDatabaseBefore('0021_printed_versions');

  it('keeps the current version of a ready SWMS issued, and leaves drafts and older versions alone', async () => {
    const user = (await printed.run(`insert into users (email) values ('print@example.com') returning id`)).rows[0].id;
    const insertDocument = async (number: string, ready: boolean) => {
      const id = (
        await printed.run(
          `insert into safety_documents (user_id, kind, number, current_version, ready)
           values ($1, 'swms', $2, 2, $3) returning id`,
          [user, number, ready],
        )
      ).rows[0].id;
      await printed.run(
        `insert into document_versions (document_id, kind, user_id, version, body, fingerprint, updated_at)
         values ($1, 'swms', $2, 1, '{}', 'a', '2026-11-01T00:00:00Z'),
                ($1, 'swms', $2, 2, '{}', 'b', '2026-11-02T00:00:00Z')`,
        [id, user],
      );
      return id;
    };
    const ready = await insertDocument('SWMS-2026-0001', true);
    const draft = await insertDocument('SWMS-2026-0002', false);

    await printed.migrateRest();

    const issued = await printed.run(
      'select document_id, version, issued_at from document_versions where issued_at is not null',
    );
    expect(issued.rows).toEqual([{ document_id: ready, version: 2, issued_at: new Date('2026-11-02T00:00:00Z') }]);
    expect(issued.rows.some((row) => row.document_id === draft)).toBe(false);
  });
});
