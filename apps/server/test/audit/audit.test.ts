import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { Queryable } from '../../src/db/client.ts';
import type { AuditEventBody, AuditSubject } from '../../src/platform/audit/audit-events.ts';
import { type AuditEvent, audit } from '../../src/platform/audit/audit-trail.ts';
import { MAX_USER_AGENT_LENGTH, requestMetadataOf } from '../../src/platform/http/request-metadata.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { registerConfirmedUser } from '../support/auth-helpers.ts';

let userId: string;

const FINGERPRINT = 'a'.repeat(64);
const ORIGIN = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)' };
const newSubject = (): AuditSubject => ({ kind: 'swms', id: randomUUID() });
/** Records `body` about `subject`: by the system and from no request, unless `context` says otherwise. */
const recordAbout = (
  subject: AuditSubject,
  body: AuditEventBody,
  context: Partial<Pick<AuditEvent, 'actor' | 'origin'>> = {},
  db: Queryable = database.db,
) => audit.record(db, { actor: { kind: 'system' }, origin: null, ...context, ...body, subject });

const { database, mail, app, query } = setUpTestApp();

beforeAll(async () => {
  userId = (await registerConfirmedUser(app, mail)).user.id;
});

describe('audit.record and audit.forSubject', () => {
  it('records events with actor, subject, origin and time, and reads one subject oldest first', async () => {
    const subject = newSubject();
    const signerId = randomUUID();
    const before = new Date();
    await database.db.transaction(async (tx) => {
      const sent: AuditEventBody = { type: 'signing.sent', data: { signerId, documentSha256: FINGERPRINT } };
      await recordAbout(subject, sent, { actor: { kind: 'user', userId }, origin: ORIGIN }, tx);
      await recordAbout(
        subject,
        { type: 'signing.opened', data: { signerId } },
        { actor: { kind: 'signer' }, origin: ORIGIN },
        tx,
      );
    });
    await recordAbout(subject, { type: 'signing.reminded', data: { signerId } });
    await recordAbout(newSubject(), { type: 'signing.opened', data: { signerId: randomUUID() } });

    const events = await audit.forSubject(database.db, subject);
    expect(events.map((event) => event.type)).toEqual(['signing.sent', 'signing.opened', 'signing.reminded']);
    expect(events[0]).toMatchObject({
      data: { signerId, documentSha256: FINGERPRINT },
      actor: { kind: 'user', userId },
      subject,
      origin: ORIGIN,
    });
    expect(events[1]).toMatchObject({ actor: { kind: 'signer' }, origin: ORIGIN });
    expect(events[2]).toMatchObject({ actor: { kind: 'system' }, origin: null });
    // Each event keeps its own statement time, so events written in one transaction stay in order.
    expect(events[0]?.occurredAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // Compared in the database, to the microsecond: two statements can share a JS millisecond.
    const { rows } = await database.db.$client.query(
      `select (select occurred_at from audit_events where id = $1) < (select occurred_at from audit_events where id = $2) as ordered`,
      [events[0]?.id, events[1]?.id],
    );
    expect(rows[0].ordered).toBe(true);
  });

  it('writes within the caller’s transaction: an event of a rolled-back change is gone with it', async () => {
    const subject = newSubject();
    const rollback = new Error('the change failed');
    await expect(
      database.db.transaction(async (tx) => {
        await recordAbout(subject, { type: 'signing.completed', data: { documentSha256: FINGERPRINT } }, {}, tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await audit.forSubject(database.db, subject)).toEqual([]);
  });

  it('refuses an event whose data does not fit its type, and writes nothing', async () => {
    const subject = newSubject();
    await expect(
      recordAbout(subject, {
        type: 'signing.signed',
        data: { signerId: randomUUID(), documentSha256: 'not-a-fingerprint' },
      }),
    ).rejects.toThrow(z.core.$ZodError);
    expect(await audit.forSubject(database.db, subject)).toEqual([]);
  });

  it('records premium grants about a user', async () => {
    const subject: AuditSubject = { kind: 'user', id: userId };
    const granted: AuditEventBody = {
      type: 'premium.granted',
      data: { source: 'admin', until: '2027-01-31T13:00:00.000Z', reason: 'Beta tester' },
    };
    await recordAbout(subject, granted, { actor: { kind: 'user', userId }, origin: ORIGIN });
    const [event] = await audit.forSubject(database.db, subject);
    expect(event).toMatchObject({ type: 'premium.granted', data: { source: 'admin', reason: 'Beta tester' } });
  });
});

describe('audit_events is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even for the superuser the tests connect as', async () => {
    const subject = newSubject();
    await recordAbout(subject, { type: 'signing.revoked', data: { signerId: randomUUID() } });
    const refusal = /audit_events is append-only/;
    await expect(query(`update audit_events set ip = '127.0.0.1' where subject_id = $1`, [subject.id])).rejects.toThrow(
      refusal,
    );
    await expect(query('delete from audit_events where subject_id = $1', [subject.id])).rejects.toThrow(refusal);
    await expect(query('truncate audit_events')).rejects.toThrow(refusal);
    expect(await audit.forSubject(database.db, subject)).toHaveLength(1);
  });

  it('refuses an actor that does not match its user id', async () => {
    await expect(
      query(
        `insert into audit_events (actor_kind, actor_user_id, subject_kind, subject_id, type, data)
         values ('signer', $1, 'swms', $1, 'signing.opened', '{}')`,
        [randomUUID()],
      ),
    ).rejects.toThrow(/audit_events_actor_valid/);
  });
});

describe('requestMetadataOf', () => {
  it('takes the IP as TRUST_PROXY allows and bounds the user agent', async () => {
    const proxied = await buildTestApp(database.db, { settings: { trustProxy: 1 } });
    proxied.get('/api/__probe/metadata', (request) => requestMetadataOf(request));
    try {
      const longAgent = `Mozilla/5.0 ${'x'.repeat(2 * MAX_USER_AGENT_LENGTH)}`;
      const response = await proxied.inject({
        url: '/api/__probe/metadata',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.7', 'user-agent': longAgent },
      });
      expect(response.json()).toEqual({ ip: '203.0.113.7', userAgent: longAgent.slice(0, MAX_USER_AGENT_LENGTH) });
      const noAgent = await proxied.inject({
        url: '/api/__probe/metadata',
        remoteAddress: '10.0.0.2',
        headers: { 'user-agent': '' },
      });
      expect(noAgent.json()).toEqual({ ip: '10.0.0.2', userAgent: null });
    } finally {
      await proxied.close();
    }
  });
});
