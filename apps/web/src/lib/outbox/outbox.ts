/**
 * Changes made with no connection, waiting to be sent in the order they were made (ADR
 * 0035). A change is a request as the API takes it, carrying the record's own client-made id, so
 * sending it twice makes one record (ADR 0032). This module holds the rules; outbox-store.ts keeps
 * the changes in IndexedDB, outbox-sync.ts sends them.
 */
/**
 * A request as the API takes it: JSON `body`, or `photoId`, a photo kept on this phone (outbox-store.ts)
 * sent as the upload's one file.
 */
type OutboxRequest = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  body?: unknown;
  photoId?: string;
};

export type OutboxChange = {
  /** The store's order: changes are sent oldest first. */
  seq: number;
  /** Whose change it is: it is only ever sent with that user's session. */
  userId: string;
  /** What it makes or changes, e.g. `certificate:<client id>`: lists mark that record as waiting. */
  subject: string;
  /** How lists name it, e.g. the job site address. */
  label: string;
  request: OutboxRequest;
  createdAt: string;
  attempts: number;
  /** The server refused it (e.g. the monthly limit): kept for the user, not sent again until retried. */
  refused?: { code: string; message: string } | undefined;
  /**
   * A draft a free user kept on this phone before drafts were kept in the account (ADR 0036): never
   * sent as it is; the certificates feature moves it to the account (ADR 0069).
   */
  keptDraft?: boolean | undefined;
  /** The form's values the change was made from, for the form to open it again (a kept draft, a refused create). */
  form?: unknown;
};

export type NewOutboxChange = Omit<OutboxChange, 'seq' | 'attempts' | 'refused'>;

export type OutboxStore = {
  add(change: Omit<OutboxChange, 'seq'>): Promise<number>;
  /** The user's changes, oldest first. */
  list(userId: string): Promise<OutboxChange[]>;
  /** Updates a change still in the store; one removed meanwhile (its member signed out or removed) stays removed. */
  put(change: OutboxChange): Promise<void>;
  remove(seq: number): Promise<void>;
};

/**
 * How a send went: `sent` (the server has it, the first time or again), `later` (no connection,
 * a busy server, or no session for this change's user: try again later, keeping the order),
 * refused by the server with its code and message, or `gone`: the record was deleted on another
 * device (410, ADR 0032), so none of its changes can ever go through.
 */
export type SendOutcome =
  | 'sent'
  | 'later'
  | { refused: { code: string; message: string } }
  | { gone: { code: string; message: string } };

/** Answers that mean "not now" (no session yet, a slow or busy server): the change waits, in order. */
const TRY_LATER_STATUSES = [401, 408, 429];

/**
 * What an error answer means for a change: 410, its record was deleted on another device (ADR
 * 0032); a 5xx or a "not now", try later; any other 4xx, refused with the server's reason.
 */
export function outcomeOfErrorAnswer(answer: { status: number; code: string; message: string }): SendOutcome {
  const reason = { code: answer.code, message: answer.message };
  if (answer.status === 410) return { gone: reason };
  if (answer.status >= 500 || TRY_LATER_STATUSES.includes(answer.status)) return 'later';
  return { refused: reason };
}

/** A record whose changes the drain dropped (deleted on another device): what to tell the user. */
export type DroppedRecord = { subject: string; label: string; message: string; changes: OutboxChange[] };

/** The subset of the Web Locks API the drain uses (navigator.locks). */
export type OutboxLocks = {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

const DRAIN_LOCK = 'tradecert-outbox';

export type DrainResult = {
  sent: number;
  waiting: number;
  refused: number;
  drained: boolean;
  /** Records deleted on another device: their changes are no longer on this phone. */
  dropped: DroppedRecord[];
};

/**
 * Sends the user's waiting changes, oldest first. The first that must wait stops the drain, so
 * nothing overtakes it; a refused one is kept aside and the next goes on; one whose record was
 * deleted on another device is dropped with every other change of that record (deleted stays
 * deleted: keeping them would only offer to send them again). Only one tab drains at a time: when
 * another holds the lock, this one leaves it (`drained: false`).
 */
export async function drainOutbox({
  store,
  userId,
  send,
  locks,
}: {
  store: OutboxStore;
  userId: string;
  send: (change: OutboxChange) => Promise<SendOutcome>;
  locks: OutboxLocks | undefined;
}): Promise<DrainResult> {
  const run = async (): Promise<DrainResult> => {
    let sent = 0;
    const dropped: DroppedRecord[] = [];
    let after = Number.NEGATIVE_INFINITY;
    // Read afresh before each send: a send may change the changes after it (carryRevision), and
    // changes queued meanwhile go out in the same drain.
    for (;;) {
      const change = (await store.list(userId)).find((next) => next.seq > after && isSendable(next));
      if (!change) break;
      after = change.seq;
      const outcome = await send(change);
      if (outcome === 'sent') {
        await store.remove(change.seq);
        sent += 1;
      } else if (outcome === 'later') {
        await store.put({ ...change, attempts: change.attempts + 1 });
        break;
      } else if ('gone' in outcome) {
        const ofRecord = (await store.list(userId)).filter((other) => other.subject === change.subject);
        for (const other of ofRecord) await store.remove(other.seq);
        dropped.push({
          subject: change.subject,
          label: change.label,
          message: outcome.gone.message,
          changes: ofRecord,
        });
      } else {
        await store.put({ ...change, attempts: change.attempts + 1, refused: outcome.refused });
      }
    }
    return tally(await store.list(userId), sent, true, dropped);
  };
  if (!locks) return run();
  return locks.request(DRAIN_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? run() : { ...tally(await store.list(userId), 0, false, []) },
  );
}

/** Neither refused nor a draft kept on this phone: the drain sends it. */
export const isSendable = (change: OutboxChange) => !change.refused && !change.keptDraft;

function tally(
  changes: readonly OutboxChange[],
  sent: number,
  drained: boolean,
  dropped: DroppedRecord[],
): DrainResult {
  const refused = changes.filter((change) => change.refused).length;
  return { sent, waiting: changes.filter(isSendable).length, refused, drained, dropped };
}

/** How many records the changes are for (a certificate and its photos' uploads count as one). */
export const recordsIn = (changes: readonly OutboxChange[]) => new Set(changes.map((change) => change.subject)).size;

/** Puts a change at the end of the queue. */
export function enqueue(store: OutboxStore, change: NewOutboxChange): Promise<number> {
  return store.add({ ...change, attempts: 0 });
}

/** A refused change the user sends again (e.g. next month, or after upgrading): back in the queue. */
export async function retryRefused(store: OutboxStore, change: OutboxChange): Promise<void> {
  await store.put({ ...change, refused: undefined });
}

const revisionOf = (value: unknown): number | undefined => {
  const revision = (value as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
};

/**
 * After an edit went through (`answer`: the saved record), later edits of the same record made from
 * the same revision build on it: they name its new revision, so they are not taken for a conflict.
 */
export async function carryRevision(store: OutboxStore, sent: OutboxChange, answer: unknown): Promise<void> {
  const from = revisionOf(sent.request.body);
  const to = revisionOf(answer);
  if (from === undefined || to === undefined) return;
  for (const later of await store.list(sent.userId)) {
    if (later.seq > sent.seq && later.subject === sent.subject && revisionOf(later.request.body) === from) {
      await store.put({
        ...later,
        request: { ...later.request, body: { ...(later.request.body as object), revision: to } },
      });
    }
  }
}

/** Replaces a record's refused changes with one (e.g. the user's version, made from the server's latest). */
export async function replaceRefused(
  store: OutboxStore,
  refused: readonly OutboxChange[],
  replacement: NewOutboxChange,
): Promise<void> {
  for (const change of refused) await store.remove(change.seq);
  await enqueue(store, replacement);
}
