import type { Session, WaitingSignatures } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { errorOf } from '../support/responses.ts';

/** The dashboard's "Signatures waiting" (PRODUCT.md, Home and dashboard): GET /api/signing/waiting. */

const { mail, app, query } = setUpTestApp();

async function send(owner: Session, certificateId: string, names: string[]) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/certificate/${certificateId}/requests`,
    headers: bearer(owner),
    payload: { signers: names.map((name) => ({ name, email: `${name.toLowerCase()}@builder.test` })) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ signers: Array<{ id: string; name: string }> }>().signers;
}

const waiting = async (owner: Session) => {
  const response = await app.inject({ url: '/api/signing/waiting', headers: bearer(owner) });
  expect(response.statusCode).toBe(200);
  return response.json<WaitingSignatures>();
};

describe('signatures waiting', () => {
  it('lists the owner’s unanswered links across documents, newest first, and drops answered, revoked and expired ones', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const first = await createCompletedCertificate(app, owner);
    const second = await createCompletedCertificate(app, owner);
    const [ana, ben] = await send(owner, first, ['Ana', 'Ben']);
    const [cal] = await send(owner, second, ['Cal']);
    if (!ana || !ben || !cal) throw new Error('send answered no signers');
    await query(`update signature_requests set last_sent_at = now() + interval '1 second' where id = $1`, [cal.id]);

    const all = await waiting(owner);
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.signer_name)).toEqual(['Cal', expect.any(String), expect.any(String)]);
    const [newest] = all.items;
    expect(newest).toMatchObject({
      document_kind: 'certificate',
      document_id: second,
      document_path: `/certificates/${second}`,
      status: 'pending',
    });
    expect(newest?.document_label).toMatch(/^Certificate of compliance WPC-\d{4}-\d{4}$/);

    await query('update signature_requests set opened_at = now() where id = $1', [ana.id]);
    await query('update signature_requests set signed_at = now() where id = $1', [ben.id]);
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${cal.id}/revoke`,
      headers: bearer(owner),
    });
    expect(revoke.statusCode).toBe(200);
    const left = await waiting(owner);
    expect(left.total).toBe(1);
    expect(left.items).toMatchObject([{ request_id: ana.id, status: 'opened' }]);

    await query(`update signature_requests set expires_at = now() - interval '1 minute' where id = $1`, [ana.id]);
    expect(await waiting(owner)).toEqual({ items: [], total: 0 });
  });

  it('lists declines with the reason for 14 days, newest first among the waiting ones', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificate = await createCompletedCertificate(app, owner);
    const [eve, fay] = await send(owner, certificate, ['Eve', 'Fay']);
    if (!eve || !fay) throw new Error('send answered no signers');
    await query(
      `update signature_requests set declined_at = now() + interval '1 second', decline_reason = 'Wrong address' where id = $1`,
      [eve.id],
    );
    const listed = await waiting(owner);
    expect(listed.total).toBe(2);
    expect(listed.items[0]).toMatchObject({ request_id: eve.id, status: 'declined', decline_reason: 'Wrong address' });
    expect(listed.items[0]?.declined_at).not.toBeNull();
    expect(listed.items[1]).toMatchObject({ request_id: fay.id, status: 'pending', decline_reason: null });

    await query(`update signature_requests set declined_at = now() - interval '15 days' where id = $1`, [eve.id]);
    expect((await waiting(owner)).items.map((item) => item.request_id)).toEqual([fay.id]);
  });

  it('lists at most ten, and counts them all', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificate = await createCompletedCertificate(app, owner);
    await send(
      owner,
      certificate,
      Array.from({ length: 12 }, (_, index) => `Signer${index}`),
    );
    const listed = await waiting(owner);
    expect(listed.total).toBe(12);
    expect(listed.items).toHaveLength(10);
  });

  it('shows nobody else’s requests, and needs a session', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const stranger = await registerConfirmedUser(app, mail);
    await send(owner, await createCompletedCertificate(app, owner), ['Dee']);
    expect(await waiting(stranger)).toEqual({ items: [], total: 0 });
    const visitor = await app.inject({ url: '/api/signing/waiting' });
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBeDefined();
  });
});
