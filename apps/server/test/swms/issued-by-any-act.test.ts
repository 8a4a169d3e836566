import type { Session } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { mailedSigningToken, signaturePng } from '../support/signing.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';
import { eventually, startWebhookReceiver } from '../support/webhook-receiver.ts';

/*
 * One rule for "issued" (ADR 0099): whichever act first hands a SWMS or cover-sheet version out (its
 * print, a send for signing, a site or crew sign-on, a copy sent to a builder, a cover sheet printed
 * in front of its SWMS) sets its issued_at and tells the audit trail and integrators, once per
 * version; a later act on it tells nothing more.
 */

const receiver = await startWebhookReceiver({});
afterAll(() => receiver.close());

const { database, mail, app, query } = setUpTestApp({
  settings: {
    webhooks: {
      allowLoopbackForTests: true,
      attempts: 1,
      retryDelaySeconds: 1,
      timeoutMs: 5_000,
      disableAfterFailedDeliveries: 5,
    },
  },
});

let owner: Session;
beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(owner),
    payload: { url: receiver.url('/issued'), events: ['swms.version_issued'] },
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

/** What one version's issue left: its issued_at, its document.issued events and its webhook deliveries. */
async function issueOf(kind: 'swms' | 'cover_sheet', id: string, version = 1) {
  const [marked, events, deliveries] = await Promise.all([
    query('select issued_at from document_versions where kind = $1 and document_id = $2 and version = $3', [
      kind,
      id,
      version,
    ]),
    query(
      `select actor_user_id, data from audit_events
        where type = 'document.issued' and subject_kind = $1 and subject_id = $2 order by occurred_at`,
      [kind, id],
    ),
    query(`select body from webhook_deliveries where event = 'swms.version_issued' and body like $1`, [`%${id}%`]),
  ]);
  return {
    issuedAt: (marked.rows[0] as { issued_at: Date | null } | undefined)?.issued_at ?? null,
    events: events.rows as { actor_user_id: string; data: { number: string; version: number } }[],
    deliveries: deliveries.rows.map((row) => JSON.parse((row as { body: string }).body)),
  };
}

const print = async (path: string) => {
  const response = await app.inject({ url: `/api/${path}/pdf`, headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
};

const post = async (url: string, payload: object) => {
  const response = await app.inject({ method: 'POST', url, headers: bearer(owner), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

const sendCopy = (kind: string, id: string) =>
  post(`/api/signing/documents/${kind}/${id}/sends`, { email: 'site.manager@builder.example', name: 'Acme Builders' });

const openSiteSignOn = (id: string) => post(`/api/signing/documents/swms/${id}/site-sign-on`, {});

describe('a SWMS version issued by any act', () => {
  it('sent for signing first: issued_at set, one document.issued event and one webhook, then nothing more on print', async () => {
    const swms = await createReadySwms(app, owner);
    await mailedSigningToken(app, mail, owner, 'swms', swms.id);

    const sent = await issueOf('swms', swms.id);
    expect(sent.issuedAt).toBeInstanceOf(Date);
    expect(sent.events).toEqual([{ actor_user_id: owner.user.id, data: { number: swms.number, version: 1 } }]);
    expect(sent.deliveries).toEqual([
      expect.objectContaining({ type: 'swms.version_issued', data: { swms_id: swms.id, version: 1 } }),
    ]);
    const delivered = await eventually(
      () => receiver.to('/issued').find((hook) => hook.body.includes(swms.id)),
      'the webhook for the version sent',
    );
    expect(JSON.parse(delivered.body)).toMatchObject({ type: 'swms.version_issued', data: { swms_id: swms.id } });

    // A later act on the issued version: the print, another send, its site sign-on. Nothing more.
    await print(`swms/${swms.id}`);
    await mailedSigningToken(app, mail, owner, 'swms', swms.id);
    await openSiteSignOn(swms.id);
    expect(await issueOf('swms', swms.id)).toEqual(sent);
  });

  it('its site sign-on opened first, or a copy sent first: each issues it once', async () => {
    const bySite = await createReadySwms(app, owner, 'Site sign-on first');
    await openSiteSignOn(bySite.id);
    const sited = await issueOf('swms', bySite.id);
    expect(sited.issuedAt).toBeInstanceOf(Date);
    expect(sited.events).toHaveLength(1);
    expect(sited.deliveries).toHaveLength(1);
    await print(`swms/${bySite.id}`);
    expect(await issueOf('swms', bySite.id)).toEqual(sited);

    const byCopy = await createReadySwms(app, owner, 'Copy sent first');
    await sendCopy('swms', byCopy.id);
    const copied = await issueOf('swms', byCopy.id);
    expect(copied.issuedAt).toBeInstanceOf(Date);
    expect(copied.events).toHaveLength(1);
    expect(copied.deliveries).toHaveLength(1);
    await sendCopy('swms', byCopy.id);
    expect(await issueOf('swms', byCopy.id)).toEqual(copied);
  });

  it('a crew sign-on on the next version issues that version, by the member who opened the site sign-on', async () => {
    const swms = await createReadySwms(app, owner, 'Crew signs the next version');
    const siteUrl = (await openSiteSignOn(swms.id)).json<{ url: string }>().url;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/swms/${swms.id}`,
      headers: bearer(owner),
      payload: { revision: swms.revision, body: { ...swms.body, title: 'Version 2' }, new_version: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await issueOf('swms', swms.id, 2)).issuedAt).toBeNull();

    const token = new URL(siteUrl).pathname.slice('/sign/'.length);
    const page = await app.inject({ url: `/api/sign/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    const signed = await app.inject({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      payload: {
        name: 'Casey Crew',
        company: 'Acme Formwork',
        read_confirmed: true,
        method: 'drawn',
        signature_png: await signaturePng(),
        document_fingerprint: page.json().document.fingerprint,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const second = await issueOf('swms', swms.id, 2);
    expect(second.issuedAt).toBeInstanceOf(Date);
    expect(second.events).toEqual([
      { actor_user_id: owner.user.id, data: { number: swms.number, version: 1 } },
      { actor_user_id: owner.user.id, data: { number: swms.number, version: 2 } },
    ]);
    expect(second.deliveries.map((delivery) => delivery.data.version)).toEqual([1, 2]);
  });

  it('a cover sheet printed in front of its SWMS is issued with its own event', async () => {
    const swms = await createReadySwms(app, owner, 'Printed with its cover sheet');
    const cover = await createReadyCoverSheet(app, owner, swms.id);
    await print(`swms/${swms.id}`);

    const printed = await issueOf('cover_sheet', cover.id);
    expect(printed.issuedAt).toBeInstanceOf(Date);
    expect(printed.events).toEqual([{ actor_user_id: owner.user.id, data: { number: cover.number, version: 1 } }]);
    // Its own print later, or the SWMS printed again: nothing more.
    await print(`cover-sheets/${cover.id}`);
    await print(`swms/${swms.id}`);
    expect(await issueOf('cover_sheet', cover.id)).toEqual(printed);
  });

  it('a print and a send racing as the first act: one event, one webhook', async () => {
    for (let round = 0; round < 3; round += 1) {
      const swms = await createReadySwms(app, owner, `Race ${round}`);
      await Promise.all([print(`swms/${swms.id}`), sendCopy('swms', swms.id)]);
      const raced = await issueOf('swms', swms.id);
      expect(raced.issuedAt).toBeInstanceOf(Date);
      expect(raced.events).toHaveLength(1);
      expect(raced.deliveries).toHaveLength(1);
    }
  });
});
