import { describe, expect, it } from 'vitest';
import {
  carryRevision,
  drainOutbox,
  enqueue,
  type NewOutboxChange,
  type OutboxChange,
  type OutboxLocks,
  type OutboxStore,
  outcomeOfErrorAnswer,
  replaceRefused,
  retryRefused,
  type SendOutcome,
} from './outbox.ts';

/** The store's contract, in memory: numbered in order, listed per user, oldest first. */
function memoryStore(): OutboxStore & { all: () => OutboxChange[] } {
  const rows = new Map<number, OutboxChange>();
  let next = 1;
  return {
    add: async (change) => {
      const seq = next++;
      rows.set(seq, { ...change, seq });
      return seq;
    },
    list: async (userId) => [...rows.values()].filter((row) => row.userId === userId).sort((a, b) => a.seq - b.seq),
    put: async (change) => {
      if (rows.has(change.seq)) rows.set(change.seq, change);
    },
    remove: async (seq) => void rows.delete(seq),
    all: () => [...rows.values()],
  };
}

/** Web Locks as far as the drain uses them: one holder at a time, `ifAvailable` gets null when held. */
function memoryLocks(): OutboxLocks & { hold: () => () => void } {
  let held = false;
  return {
    request: async (_name, _options, callback) => {
      if (held) return callback(null);
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
      }
    },
    hold: () => {
      held = true;
      return () => {
        held = false;
      };
    },
  };
}

const change = (userId: string, id: string): NewOutboxChange => ({
  userId,
  subject: `certificate:${id}`,
  label: `${id} Site St`,
  request: { method: 'POST', path: '/api/certificates', body: { id } },
  createdAt: '2026-11-26T01:00:00.000Z',
});

/** A server that makes each certificate once by its client-made id, as the real one does (ADR 0032). */
function idempotentServer() {
  const made = new Set<string>();
  const received: string[] = [];
  return {
    made,
    received,
    accept: (outbox: OutboxChange) => {
      const { id } = outbox.request.body as { id: string };
      received.push(id);
      made.add(id);
    },
  };
}

describe('drainOutbox', () => {
  it('sends the oldest first and removes what the server has', async () => {
    const store = memoryStore();
    for (const id of ['a', 'b', 'c']) await enqueue(store, change('u1', id));
    const server = idempotentServer();
    const result = await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => {
        server.accept(outbox);
        return 'sent';
      },
    });
    expect(server.received).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 3, waiting: 0, refused: 0, drained: true, dropped: [] });
    expect(store.all()).toEqual([]);
  });

  it('stops at the first change that must wait, so nothing overtakes it, and goes on next time', async () => {
    const store = memoryStore();
    for (const id of ['a', 'b', 'c']) await enqueue(store, change('u1', id));
    const outcomes: SendOutcome[] = ['sent', 'later'];
    const sent: string[] = [];
    const first = await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => {
        sent.push((outbox.request.body as { id: string }).id);
        return outcomes.shift() ?? 'sent';
      },
    });
    expect(sent).toEqual(['a', 'b']);
    expect(first).toMatchObject({ sent: 1, waiting: 2 });
    expect((await store.list('u1')).map((row) => [row.label, row.attempts])).toEqual([
      ['b Site St', 1],
      ['c Site St', 0],
    ]);
    await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => {
        sent.push((outbox.request.body as { id: string }).id);
        return 'sent';
      },
    });
    expect(sent).toEqual(['a', 'b', 'b', 'c']);
    expect(store.all()).toEqual([]);
  });

  it('makes one record when an answer is lost and the change is sent again', async () => {
    const store = memoryStore();
    await enqueue(store, change('u1', 'a'));
    const server = idempotentServer();
    let answers = 0;
    const send = async (outbox: OutboxChange): Promise<SendOutcome> => {
      server.accept(outbox);
      // The first answer never reaches the phone: to the outbox it looks like no connection.
      return answers++ === 0 ? 'later' : 'sent';
    };
    await drainOutbox({ store, userId: 'u1', locks: memoryLocks(), send });
    await drainOutbox({ store, userId: 'u1', locks: memoryLocks(), send });
    expect(server.received).toEqual(['a', 'a']);
    expect([...server.made]).toEqual(['a']);
    expect(store.all()).toEqual([]);
  });

  it('keeps a refused change aside with the reason, sends the others, and sends it again when asked', async () => {
    const store = memoryStore();
    for (const id of ['a', 'b']) await enqueue(store, change('u1', id));
    const refusal = { code: 'monthly_limit_reached', message: 'Monthly limit reached' };
    const result = await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => ((outbox.request.body as { id: string }).id === 'a' ? { refused: refusal } : 'sent'),
    });
    expect(result).toEqual({ sent: 1, waiting: 0, refused: 1, drained: true, dropped: [] });
    const [kept] = await store.list('u1');
    expect(kept).toMatchObject({ label: 'a Site St', refused: refusal, attempts: 1 });

    // Not sent again by itself...
    let sends = 0;
    const countSends = async (): Promise<SendOutcome> => {
      sends += 1;
      return 'sent';
    };
    await drainOutbox({ store, userId: 'u1', locks: memoryLocks(), send: countSends });
    expect(sends).toBe(0);
    // ...only once the user asks (next month, after upgrading).
    if (kept) await retryRefused(store, kept);
    await drainOutbox({ store, userId: 'u1', locks: memoryLocks(), send: countSends });
    expect(sends).toBe(1);
    expect(store.all()).toEqual([]);
  });

  it('drops every change of a record deleted on another device (410), says so, and sends the others', async () => {
    const store = memoryStore();
    // A certificate made offline: its photo's upload first, then its create; and another after it.
    await enqueue(store, {
      ...change('u1', 'a'),
      request: { method: 'POST', path: '/api/certificates/photos?id=p1', photoId: 'p1' },
    });
    await enqueue(store, change('u1', 'a'));
    await enqueue(store, change('u1', 'b'));
    const gone = { code: 'record_deleted', message: 'This certificate was deleted on another device' };
    const sentIds: string[] = [];
    const result = await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => {
        if (outbox.subject === 'certificate:a') return { gone };
        sentIds.push((outbox.request.body as { id: string }).id);
        return 'sent';
      },
    });
    expect(result).toMatchObject({ sent: 1, waiting: 0, refused: 0, drained: true });
    expect(result.dropped).toEqual([
      {
        subject: 'certificate:a',
        label: 'a Site St',
        message: gone.message,
        changes: [
          expect.objectContaining({ seq: 1, request: expect.objectContaining({ photoId: 'p1' }) }),
          expect.objectContaining({ seq: 2, subject: 'certificate:a' }),
        ],
      },
    ]);
    expect(sentIds).toEqual(['b']);
    // Nothing of the deleted record is left to send, or to offer to send again.
    expect(store.all()).toEqual([]);
  });

  it("never sends another user's changes", async () => {
    const store = memoryStore();
    await enqueue(store, change('u1', 'a'));
    await enqueue(store, change('u2', 'b'));
    const sent: string[] = [];
    await drainOutbox({
      store,
      userId: 'u2',
      locks: memoryLocks(),
      send: async (outbox) => {
        sent.push(outbox.userId);
        return 'sent';
      },
    });
    expect(sent).toEqual(['u2']);
    expect(store.all().map((row) => row.userId)).toEqual(['u1']);
  });

  it('does not put back the changes of a member removed while one of them was being sent', async () => {
    const store = memoryStore();
    for (const id of ['a', 'b']) await enqueue(store, change('u1', id));
    await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async () => {
        // The refresh said member_removed: the device forgets their outbox while the send is answered.
        for (const row of store.all()) await store.remove(row.seq);
        return 'later';
      },
    });
    expect(store.all()).toEqual([]);
  });

  it('leaves the drain to the tab that holds the lock', async () => {
    const store = memoryStore();
    await enqueue(store, change('u1', 'a'));
    const locks = memoryLocks();
    const release = locks.hold();
    let sends = 0;
    const send = async (): Promise<SendOutcome> => {
      sends += 1;
      return 'sent';
    };
    expect(await drainOutbox({ store, userId: 'u1', locks, send })).toMatchObject({ drained: false, waiting: 1 });
    expect(sends).toBe(0);
    release();
    expect(await drainOutbox({ store, userId: 'u1', locks, send })).toMatchObject({ drained: true, sent: 1 });
  });
});

const edit = (userId: string, id: string, body: object): NewOutboxChange => ({
  userId,
  subject: `certificate:${id}`,
  label: `${id} Site St`,
  request: { method: 'PATCH', path: `/api/certificates/${id}`, body },
  createdAt: '2026-11-26T01:00:00.000Z',
});

describe('edits of one record', () => {
  it('build on the edit sent before them: its new revision goes along, so they are not taken for a conflict', async () => {
    const store = memoryStore();
    await enqueue(store, edit('u1', 'a', { areas: 'Laundry', revision: 3 }));
    await enqueue(store, edit('u1', 'a', { areas: 'Laundry and balcony', revision: 3 }));
    await enqueue(store, edit('u1', 'b', { areas: 'Ensuite', revision: 3 }));
    // A server that takes a save made from its current revision only, as the real one does.
    const revisions = new Map([
      ['a', 3],
      ['b', 3],
    ]);
    const saved: string[] = [];
    await drainOutbox({
      store,
      userId: 'u1',
      locks: memoryLocks(),
      send: async (outbox) => {
        const id = outbox.subject.slice('certificate:'.length);
        const body = outbox.request.body as { areas: string; revision: number };
        if (body.revision !== revisions.get(id)) return { refused: { code: 'conflict', message: 'Changed' } };
        revisions.set(id, body.revision + 1);
        saved.push(`${id}: ${body.areas}`);
        await carryRevision(store, outbox, { revision: body.revision + 1 });
        return 'sent';
      },
    });
    expect(saved).toEqual(['a: Laundry', 'a: Laundry and balcony', 'b: Ensuite']);
    expect(store.all()).toEqual([]);
  });

  it("replaces a record's refused changes with the one the user chose, at the end of the queue", async () => {
    const store = memoryStore();
    await enqueue(store, edit('u1', 'a', { areas: 'Laundry', revision: 1 }));
    await enqueue(store, change('u1', 'b'));
    const refused = (await store.list('u1'))
      .slice(0, 1)
      .map((row) => ({ ...row, refused: { code: 'conflict', message: 'x' } }));
    await replaceRefused(store, refused, edit('u1', 'a', { areas: 'Laundry', revision: 2 }));
    expect((await store.list('u1')).map((row) => [row.subject, row.request.body, row.refused])).toEqual([
      ['certificate:b', { id: 'b' }, undefined],
      ['certificate:a', { areas: 'Laundry', revision: 2 }, undefined],
    ]);
  });
});

describe('outcomeOfErrorAnswer', () => {
  const answer = (status: number, code: string) => ({ status, code, message: `${code} message` });

  it('drops a change whose record was deleted on another device (410)', () => {
    expect(outcomeOfErrorAnswer(answer(410, 'record_deleted'))).toEqual({
      gone: { code: 'record_deleted', message: 'record_deleted message' },
    });
  });

  it('keeps a change refused by the server aside, and lets one wait that may go through later', () => {
    expect(outcomeOfErrorAnswer(answer(403, 'monthly_limit_reached'))).toEqual({
      refused: { code: 'monthly_limit_reached', message: 'monthly_limit_reached message' },
    });
    expect(outcomeOfErrorAnswer(answer(409, 'conflict'))).toMatchObject({ refused: { code: 'conflict' } });
    // A field member's complete queued before the business turned review before issue on (ADR 0077).
    expect(outcomeOfErrorAnswer(answer(409, 'review_required'))).toEqual({
      refused: { code: 'review_required', message: 'review_required message' },
    });
    // Completing with no issuer on the profile: kept, with the message naming what to add (ADR 0065).
    expect(outcomeOfErrorAnswer(answer(422, 'issuer_incomplete'))).toEqual({
      refused: { code: 'issuer_incomplete', message: 'issuer_incomplete message' },
    });
    for (const status of [401, 408, 429, 500, 503])
      expect(outcomeOfErrorAnswer(answer(status, 'x')), `${status}`).toBe('later');
  });
});
