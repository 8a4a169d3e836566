import { type Certificate, certificateMessages, FREE_MONTHLY_COMPLETED_LIMIT, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { errorOf } from '../support/responses.ts';

/*
 * A certificate's completion is the documents kernel's issue step (ADR 0094): the version is marked
 * issued in document_versions, and the certificate's issue hook (the monthly count, the audit trail)
 * runs in the same transaction. A hook that refuses leaves no mark behind.
 */

const now = new Date('2026-11-15T02:00:00Z');
const { mail, app, query } = setUpTestApp({ clock: () => now });

async function create(session: Session, status: 'draft' | 'completed'): Promise<Certificate> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: completedCertificateBody(session, { status }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const keptVersions = async (id: string) =>
  (
    await query(
      `select kind, version, fingerprint, issued_at, body->>'status' as status from document_versions
       where document_id = $1 order by version`,
      [id],
    )
  ).rows;

const issuedEvents = async (id: string) =>
  (
    await query(`select count(*)::int as count from audit_events where subject_id = $1 and type = 'document.issued'`, [
      id,
    ])
  ).rows[0].count;

const completedThisMonth = async (session: Session) =>
  (
    await query(
      `select coalesce(sum(count), 0)::int as count from monthly_certificate_counts
       where business_id = (select business_id from memberships where user_id = $1)`,
      [session.user.id],
    )
  ).rows[0].count;

describe("a certificate's completion, the kernel's issue step", () => {
  it('marks the completed version issued in document_versions, as its paper prints it, with its hook run once', async () => {
    const user = await registerConfirmedUser(app, mail);
    const draft = await create(user, 'draft');
    expect(await keptVersions(draft.id)).toEqual([]);

    const completed = await patchCertificate(app, user, draft.id, { status: 'completed', revision: draft.revision });
    expect(completed.statusCode, completed.body).toBe(200);
    const certificate: Certificate = completed.json();
    expect(await keptVersions(draft.id)).toEqual([
      {
        kind: 'certificate',
        version: 1,
        fingerprint: certificate.fingerprint,
        issued_at: new Date(certificate.completed_at ?? ''),
        status: 'completed',
      },
    ]);
    expect(await issuedEvents(draft.id)).toBe(1);
    expect(await completedThisMonth(user)).toBe(1);
  });

  it('leaves no mark when its hook refuses: past the free plan’s month nothing is issued, numbered or counted', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (let index = 0; index < FREE_MONTHLY_COMPLETED_LIMIT; index++) await create(user, 'completed');
    const draft = await create(user, 'draft');

    const refused = await patchCertificate(app, user, draft.id, { status: 'completed', revision: draft.revision });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'monthly_limit_reached', message: certificateMessages.monthlyLimit });
    expect(await keptVersions(draft.id)).toEqual([]);
    expect(await issuedEvents(draft.id)).toBe(0);
    expect(await completedThisMonth(user)).toBe(FREE_MONTHLY_COMPLETED_LIMIT);
    const { rows } = await query('select status, certificate_number, applicator from certificates where id = $1', [
      draft.id,
    ]);
    expect(rows).toEqual([{ status: 'draft', certificate_number: null, applicator: null }]);
  });
});
