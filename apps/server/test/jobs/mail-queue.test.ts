import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AUTH_EMAIL_QUEUE, type AuthEmailJob, authEmailQueueSettings } from '../../src/features/auth/auth-mail.ts';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { setUpTestApp } from '../support/app.ts';
import { registerConfirmedUser } from '../support/auth-helpers.ts';

/*
 * ADR 0023: the mail queue once sent about one mail every 2 s (one job per poll), so after 400
 * sign-ups a real user's recovery mail went out 480 s later. Mail is now worked in parallel
 * batches until the queue is empty, and mail to existing accounts goes ahead of sign-up mail.
 */

const { database, mail, app } = setUpTestApp();

const FLOOD = 400;

describe('the mail queue under a flood', () => {
  it('sends a recovery mail ahead of 400 queued sign-up mails, then sends all 400 exactly once', async () => {
    const real = await registerConfirmedUser(app, mail);
    const { rows: flood } = await database.db.$client.query(
      `insert into users (email) select 'flood-' || n || '@example.com' from generate_series(1, $1) n returning id`,
      [FLOOD],
    );
    // Another instance of the app enqueues the flood, then the recovery mail, a moment later, while
    // the app's worker waits for its next poll: first come, it would be sent last.
    const producer = new JobQueue(database.db, pino({ level: 'silent' }));
    producer.register<AuthEmailJob>(AUTH_EMAIL_QUEUE, authEmailQueueSettings, async () => {});
    const sentBefore = mail.messages.length;
    await database.db.transaction(async (tx) => {
      for (const { id } of flood)
        await producer.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, { userId: id, type: 'signup' });
    });
    await database.db.transaction((tx) =>
      producer.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, { userId: real.user.id, type: 'recovery' }),
    );

    const recovery = await mail.nextMailTo(real.user.email ?? '', 20_000);
    expect(recovery.text).toContain('type=recovery');
    const floodBeforeRecovery = mail.messages
      .slice(sentBefore, mail.messages.indexOf(recovery))
      .filter((message) => message.to.some((to) => to.startsWith('flood-'))).length;
    // In arrival order it went out after all 400; ahead of them, it is in the first batches.
    expect(floodBeforeRecovery).toBeLessThan(FLOOD / 4);

    // Every sign-up mail goes out, each once, without waiting a poll per mail (that took 800 s).
    await expect
      .poll(() => mail.messages.filter((message) => message.to.some((to) => to.startsWith('flood-'))).length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(FLOOD);
    const recipients = mail.messages.flatMap((message) => message.to).filter((to) => to.startsWith('flood-'));
    expect(new Set(recipients).size).toBe(FLOOD);
  });
});
