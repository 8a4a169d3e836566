import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0035_access_and_plan_owned_by_the_business gives signing, templates, API access and the plan to
 * the business (ADR 0077, slice 3). A database just before it, filled the way the schema then
 * allowed, is migrated here.
 */
const BEFORE = '0035_access_and_plan_owned_by_the_business';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);
const one = async (text: string, values: unknown[] = []) => (await run(text, values)).rows[0];

/** An account owning a business of its own, as 0032 left every account; its records in each table. */
async function accountWithRecords(name: string) {
  const { id: userId } = await one(`insert into users (email) values ($1) returning id`, [`${name}@example.com`]);
  const { id: businessId } = await one(`insert into businesses default values returning id`);
  await run(`insert into memberships (business_id, user_id, role) values ($1, $2, 'owner')`, [businessId, userId]);
  const documentId = (await one('select gen_random_uuid() as id')).id;
  const version = [userId, 'swms', documentId, 1];
  await run(
    `insert into signature_requests (user_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at) values ($1, $2, $3, $4, 'f', 'Sam Signer', now() + interval '1 day')`,
    version,
  );
  await run(
    `insert into site_sign_on_links (user_id, document_kind, document_id, document_version, token_hash, fingerprint)
     values ($1, $2, $3, $4, $5, 'f')`,
    [...version, `site-${name}`],
  );
  await run(
    `insert into document_sends (user_id, document_kind, document_id, document_version, recipient_email,
       recipient_name, token_hash) values ($1, $2, $3, $4, 'builder@example.com', 'Bo Builder', $5)`,
    [...version, `send-${name}`],
  );
  await run(`insert into checklist_templates (user_id, name, body) values ($1, 'Balcony', '{}')`, [userId]);
  await run(`insert into api_tokens (user_id, name, scope, token_hash, hint) values ($1, 'CI', 'read', $2, 'abcdef')`, [
    userId,
    `token-${name}`,
  ]);
  const { id: endpointId } = await one(
    `insert into webhook_endpoints (user_id, url, events) values ($1, 'https://hooks.example.com/', '{document.signed}')
     returning id`,
    [userId],
  );
  await run(`insert into webhook_deliveries (endpoint_id, event, body) values ($1, 'document.signed', '{}')`, [
    endpointId,
  ]);
  await run(
    `insert into subscribers (user_id, email, subscribed, subscription_tier, subscription_end)
     values ($1, $2, true, 'premium', now() + interval '30 days')`,
    [userId, `${name}@example.com`],
  );
  await run(`insert into billing_accounts (user_id, provider, customer_id) values ($1, 'test', $2)`, [
    userId,
    `cus_${name}`,
  ]);
  await run(
    `insert into audit_events (actor_kind, actor_user_id, subject_kind, subject_id, type, data)
     values ('user', $1, 'user', $1, 'account.email_changed', '{}')`,
    [userId],
  );
  return { userId, businessId };
}

const tablesWithRecords = [
  'signature_requests',
  'site_sign_on_links',
  'document_sends',
  'checklist_templates',
  'api_tokens',
  'webhook_endpoints',
  'subscribers',
  'billing_accounts',
] as const;

describe(`migration ${BEFORE}`, () => {
  it("gives every record and plan its maker's business, keeps the maker, and leaves the audit trail's rows as they were", async () => {
    await run(`insert into document_kinds (kind) values ('swms') on conflict do nothing`);
    const harbour = await accountWithRecords('harbour');
    const ridge = await accountWithRecords('ridge');
    // A record kept under an email before its account existed belongs to no business yet.
    await run(`insert into subscribers (email, subscribed) values ('future@example.com', true)`);

    await before.migrateRest();

    for (const table of tablesWithRecords) {
      const { rows } = await run(
        `select user_id, business_id from ${table} where user_id is not null order by user_id`,
      );
      expect(rows, table).toEqual(
        [harbour, ridge]
          .sort((a, b) => a.userId.localeCompare(b.userId))
          .map(({ userId, businessId }) => ({ user_id: userId, business_id: businessId })),
      );
    }
    expect(await one(`select business_id, user_id from subscribers where email = 'future@example.com'`)).toEqual({
      business_id: null,
      user_id: null,
    });
    // Old audit rows were not touched (the table refuses updates): they carry no business.
    const { rows: trail } = await run('select business_id from audit_events');
    expect(trail).toEqual([{ business_id: null }, { business_id: null }]);
    await expect(run('update audit_events set business_id = null')).rejects.toThrow(/append-only/);

    // The columns hold from now on: no record without a business, one plan per business.
    await expect(
      run(`insert into checklist_templates (user_id, name, body) values ($1, 'Orphan', '{}')`, [harbour.userId]),
    ).rejects.toThrow(/business_id/);
    await expect(
      run(`insert into subscribers (business_id, user_id, email) values ($1, $2, 'second@example.com')`, [
        harbour.businessId,
        harbour.userId,
      ]),
    ).rejects.toThrow(/subscribers_business_id_unique/);

    // The maker may go and the business's records stay (ADR 0077); their token goes with them.
    await run(`insert into users (email) values ('office@example.com')`);
    const { id: office } = await one(`select id from users where email = 'office@example.com'`);
    await run(`insert into memberships (business_id, user_id, role) values ($1, $2, 'office')`, [
      harbour.businessId,
      office,
    ]);
    await run(`insert into checklist_templates (business_id, user_id, name, body) values ($1, $2, 'Kept', '{}')`, [
      harbour.businessId,
      office,
    ]);
    await run(
      `insert into api_tokens (business_id, user_id, name, scope, token_hash, hint)
       values ($1, $2, 'Mine', 'read', 'token-office', 'ghijkl')`,
      [harbour.businessId, office],
    );
    await run('delete from users where id = $1', [office]);
    expect((await run(`select user_id from checklist_templates where name = 'Kept'`)).rows).toEqual([
      { user_id: null },
    ]);
    expect((await run(`select 1 from api_tokens where token_hash = 'token-office'`)).rows).toEqual([]);

    // Deleting a business deletes everything of it, and nothing of another.
    await run('delete from businesses where id = $1', [ridge.businessId]);
    for (const table of tablesWithRecords) {
      const { rows } = await run(`select count(*)::int as n from ${table} where business_id = $1`, [ridge.businessId]);
      expect(rows[0].n, table).toBe(0);
    }
    expect(
      (await one('select count(*)::int as n from checklist_templates where business_id = $1', [harbour.businessId])).n,
    ).toBe(2);
  });
});
