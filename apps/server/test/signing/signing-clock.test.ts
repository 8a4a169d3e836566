import type { SignPage, WaitingSignatures } from '@app/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';

/*
 * ADR 0030: signing takes its time from the app's clock (FeatureDeps.clock), never the wall clock,
 * so a link's lifetime, its expiry and the sweep can be tested by moving the clock alone.
 */

const DAY_MS = 86_400_000;
let now = new Date();
const { database, mail, app, query } = setUpTestApp({ clock: () => now });

async function sendOneLink() {
  const owner = await registerConfirmedUser(app, mail);
  const certificateId = await createCompletedCertificate(app, owner);
  const email = `clock-${certificateId.slice(0, 8)}@example.com`;
  const sent = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/certificate/${certificateId}/requests`,
    headers: bearer(owner),
    payload: { signers: [{ name: 'Casey Builder', email }] },
  });
  expect(sent.statusCode).toBe(201);
  const token = mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
  return { owner, certificateId, token };
}

const signPage = async (token: string): Promise<SignPage> => (await app.inject({ url: `/api/sign/${token}` })).json();

describe('signing on the app clock', () => {
  it('expires a link 14 days after it was sent by the clock, and the sweep records it by the clock', async () => {
    now = new Date();
    const { owner, certificateId, token } = await sendOneLink();
    const [sent] = (
      await query('select last_sent_at, expires_at from signature_requests where document_id = $1', [certificateId])
    ).rows;
    expect(sent.last_sent_at).toEqual(now);
    expect(sent.expires_at.getTime() - now.getTime()).toBe(14 * DAY_MS);

    now = new Date(now.getTime() + 14 * DAY_MS - 60_000);
    expect((await signPage(token)).state).not.toBe('expired');
    const waiting: WaitingSignatures = (
      await app.inject({ url: '/api/signing/waiting', headers: bearer(owner) })
    ).json();
    expect(waiting.items.map((item) => item.document_id)).toContain(certificateId);

    now = new Date(now.getTime() + 2 * 60_000);
    expect((await signPage(token)).state).toBe('expired');
    expect(
      (await app.inject({ url: '/api/signing/waiting', headers: bearer(owner) }))
        .json()
        .items.map((item: { document_id: string }) => item.document_id),
    ).not.toContain(certificateId);

    // The database's own clock says the link is still young: only the app clock expired it.
    const producer = new JobQueue(database.db, pino({ level: 'silent' }));
    await producer.start();
    try {
      await database.db.transaction((tx) => producer.enqueue(tx, 'signing-sweep', {}));
      await expect
        .poll(
          async () =>
            (await query('select expiry_recorded_at from signature_requests where document_id = $1', [certificateId]))
              .rows[0]?.expiry_recorded_at,
          { timeout: 15_000 },
        )
        .toEqual(now);
    } finally {
      await producer.stop(1000);
    }
  });
});
