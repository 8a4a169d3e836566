import type { Session } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { businessIdOf } from '../support/teams.ts';

let certificateId: string;
let owner: Session;

const DAY_MS = 24 * 3600 * 1000;
const profileOf = async (session: Session) =>
  (await app.inject({ url: '/api/profile', headers: bearer(session) })).json();
const subscriberRows = async (userId: string) =>
  (await query('select user_id, email, subscribed, subscription_tier from subscribers where user_id = $1', [userId]))
    .rows;
const editCertificate = () => patchCertificate(app, owner, certificateId, { areas: 'Laundry floor' });

const { database, mail, app, query } = setUpTestApp();

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  const created = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(owner),
    payload: completedCertificateBody(owner),
  });
  certificateId = created.json().id;
});

describe('entitlements', () => {
  it('makes a user premium until the end of the subscription, and free from its end on', async () => {
    const end = new Date(Date.now() + 30 * DAY_MS);
    await grantPremium(database.db, owner.user.id, end);
    expect(await profileOf(owner)).toMatchObject({
      subscription_tier: 'premium',
      subscription_end_date: end.toISOString(),
    });
    expect((await editCertificate()).statusCode).toBe(200);

    const lapsed = new Date(Date.now() - 1000);
    await grantPremium(database.db, owner.user.id, lapsed);
    expect(await profileOf(owner)).toMatchObject({
      subscription_tier: 'free',
      subscription_end_date: lapsed.toISOString(),
    });
    const refused = await editCertificate();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Premium subscription required to update certificates');
    expect(
      await entitlements.of(
        database.db,
        await businessIdOf(database.db, owner.user.id),
        new Date(lapsed.getTime() - 1),
      ),
    ).toEqual({
      premium: true,
      subscriptionEnd: lapsed,
    });
  });

  it('keeps one record per user: setSubscription updates it in place', async () => {
    const session = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, session.user.id);
    await entitlements.setSubscription(database.db, await businessIdOf(database.db, session.user.id), {
      subscribed: false,
      tier: 'free',
      end: null,
      provider: 'test',
    });
    expect(await subscriberRows(session.user.id)).toEqual([
      { user_id: session.user.id, email: session.user.email, subscribed: false, subscription_tier: 'free' },
    ]);
    expect((await profileOf(session)).subscription_tier).toBe('free');
  });

  it('reads a record kept under the email before the account existed, and adopts it on the next write', async () => {
    const session = await registerConfirmedUser(app, mail);
    const end = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await query(
      `insert into subscribers (email, subscribed, subscription_tier, subscription_end) values ($1, true, 'premium', $2)`,
      [session.user.email, end],
    );
    expect(await entitlements.of(database.db, await businessIdOf(database.db, session.user.id), new Date())).toEqual({
      premium: true,
      subscriptionEnd: end,
    });
    expect((await profileOf(session)).subscription_tier).toBe('premium');

    await entitlements.setSubscription(database.db, await businessIdOf(database.db, session.user.id), {
      subscribed: false,
      tier: 'free',
      end: null,
      provider: 'test',
    });
    expect(await subscriberRows(session.user.id)).toHaveLength(1);
    expect((await profileOf(session)).subscription_tier).toBe('free');
  });

  it("writes within the caller's transaction", async () => {
    const session = await registerConfirmedUser(app, mail);
    const rollback = new Error('the billing event failed');
    await expect(
      database.db.transaction(async (tx) => {
        await grantPremium(tx, session.user.id);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, session.user.id), new Date())).premium,
    ).toBe(false);
  });
});
