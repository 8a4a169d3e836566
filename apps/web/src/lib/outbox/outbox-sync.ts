import { useEffect, useSyncExternalStore } from 'react';
import { authorised } from '../api-client.ts';
import { authStore } from '../auth/auth-store.ts';
import { ApiError, NetworkError, requestJson } from '../http.ts';
import { requestMultipart } from '../http-upload.ts';
import { wasRemoved } from '../removed-member.ts';
import { forgetLocalUserData } from './local-user-data.ts';
import {
  carryRevision,
  type DroppedRecord,
  drainOutbox,
  enqueue,
  type NewOutboxChange,
  type OutboxChange,
  outcomeOfErrorAnswer,
  recordsIn,
  replaceRefused,
  retryRefused,
  type SendOutcome,
} from './outbox.ts';
import { forgetPhoto, indexedDbOutbox, keptPhoto } from './outbox-store.ts';

/*
 * The outbox at work in this tab (ADR 0035): it drains when the app opens, when the connection
 * comes back and when the app becomes visible again (iOS has no Background Sync, so these are the
 * moments there are), under a lock one tab holds at a time. Lists read the user's waiting changes
 * from here; other tabs hear of changes through a BroadcastChannel.
 */

const CHANNEL = 'tradecert-outbox';
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);

/** What the user is told of a record the drain dropped (deleted on another device), until they dismiss it. */
export type OutboxNotice = { subject: string; label: string; message: string };

let snapshot: { userId: string | null; changes: readonly OutboxChange[]; notices: readonly OutboxNotice[] } = {
  userId: null,
  changes: [],
  notices: [],
};
const listeners = new Set<() => void>();

async function refresh(userId: string, notices: readonly OutboxNotice[] = []) {
  const kept = snapshot.userId === userId ? snapshot.notices : [];
  snapshot = { userId, changes: await indexedDbOutbox.list(userId), notices: [...kept, ...notices] };
  for (const listener of listeners) listener();
}

function announce(userId: string, notices: readonly OutboxNotice[] = []) {
  channel?.postMessage(userId);
  return refresh(userId, notices);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const currentSnapshot = () => snapshot;

/** Sends one change with its own user's session, never another's; how it went, for the drain. */
async function send(change: OutboxChange): Promise<SendOutcome> {
  const state = authStore.getSnapshot();
  if (state.status !== 'signed-in' || state.session.user.id !== change.userId) return 'later';
  const { photoId } = change.request;
  const photo = photoId ? await keptPhoto(change.userId, photoId) : undefined;
  if (photoId && !photo)
    return { refused: { code: 'photo_missing', message: 'This photo is no longer on this phone.' } };
  try {
    const answer: unknown = await authorised('required', (accessToken) =>
      photo
        ? requestMultipart(change.request.path, { method: 'POST', body: photoForm(photo), accessToken })
        : requestJson(change.request, { body: change.request.body }, { accessToken }),
    );
    // A kept photo stays until the record naming it is stored: if that record is refused, the
    // form can open it again with its photos.
    for (const id of photosNamedIn(change.request.body)) await forgetPhoto(id);
    await carryRevision(indexedDbOutbox, change, answer);
    return 'sent';
  } catch (error) {
    if (error instanceof ApiError) return outcomeOfErrorAnswer(error);
    if (!(error instanceof NetworkError)) throw error;
    return 'later';
  }
}

/** Forgets the photos this phone kept for a record deleted on another device: they can never be sent. */
async function forgetDroppedPhotos(record: DroppedRecord) {
  for (const change of record.changes) {
    if (change.request.photoId) await forgetPhoto(change.request.photoId);
    for (const id of photosNamedIn(change.request.body)) await forgetPhoto(id);
  }
}

function photosNamedIn(body: unknown): string[] {
  const photos = (body as { photos?: unknown } | null)?.photos;
  return Array.isArray(photos) ? photos.map((photo: { file_id?: unknown }) => String(photo.file_id)) : [];
}

function photoForm(photo: Blob): FormData {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  return form;
}

let draining: Promise<unknown> = Promise.resolve();
/** After a send that must wait while the phone says it is online (a lost answer, a busy server), try again after this, doubling. */
const FIRST_RETRY_MS = 2000;
const LAST_RETRY_MS = 60_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends what is waiting for `userId` (one drain at a time in this tab, one tab at a time). */
function syncOutbox(userId: string) {
  clearTimeout(retryTimer);
  draining = draining
    .catch(() => undefined)
    .then(async () => {
      // Removed from their business while away (the app opened on it): what they queued is dropped
      // before any drain, so it replays into no business (ADR 0077, Removal).
      if (wasRemoved(localStorage, userId)) {
        await forgetLocalUserData(userId);
        await refresh(userId);
        return;
      }
      if (!navigator.onLine) return;
      const result = await drainOutbox({ store: indexedDbOutbox, userId, send, locks: navigator.locks });
      for (const record of result.dropped) await forgetDroppedPhotos(record);
      if (result.sent > 0 || result.refused > 0 || result.dropped.length > 0) {
        await announce(
          userId,
          result.dropped.map(({ subject, label, message }) => ({ subject, label, message })),
        );
      }
      if (result.drained && result.waiting > 0) {
        retryTimer = setTimeout(() => void syncOutbox(userId), retryDelay);
        retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
      } else {
        retryDelay = FIRST_RETRY_MS;
      }
    });
  return draining;
}

/** Queues a change made with no connection, and tries to send it at once. */
export async function queueChange(change: NewOutboxChange) {
  // Work only this phone has: ask the browser not to evict it under storage pressure (it may say no).
  void navigator.storage?.persist?.().catch(() => false);
  await enqueue(indexedDbOutbox, change);
  await announce(change.userId);
  void syncOutbox(change.userId);
}

/** Sends a refused change again, e.g. next month or after upgrading. */
export async function sendAgain(change: OutboxChange) {
  await retryRefused(indexedDbOutbox, change);
  await announce(change.userId);
  void syncOutbox(change.userId);
}

/** Puts the user's choice in place of a record's refused changes (a conflict settled), and sends it. */
export async function resolveRefused(refused: readonly OutboxChange[], replacement: NewOutboxChange) {
  await replaceRefused(indexedDbOutbox, refused, replacement);
  await announce(replacement.userId);
  void syncOutbox(replacement.userId);
}

/** Drops a change the user no longer wants sent. */
export async function discardChange(change: OutboxChange) {
  await indexedDbOutbox.remove(change.seq);
  await announce(change.userId);
}

/** Sends what is waiting now, and resolves once this drain is over (signing out offers it first). */
export async function sendWaitingChanges(userId: string): Promise<void> {
  await syncOutbox(userId);
  await refresh(userId);
}

/** How many records this tab last saw with changes waiting or refused (sign-out warns about them). */
export const waitingChanges = () => recordsIn(snapshot.changes);

/**
 * The signed-in user's waiting and refused changes and kept drafts, oldest first; updates as they
 * change. `loaded`: read from this phone at least once (before that, `changes` is empty).
 */
export function useOutboxState(userId: string): { loaded: boolean; changes: readonly OutboxChange[] } {
  useEffect(() => {
    void refresh(userId);
  }, [userId]);
  const current = useSyncExternalStore(subscribe, currentSnapshot);
  return current.userId === userId ? { loaded: true, changes: current.changes } : { loaded: false, changes: [] };
}

export const useOutbox = (userId: string): readonly OutboxChange[] => useOutboxState(userId).changes;

/** What this tab's drains dropped and the user has not dismissed yet (records deleted on another device). */
export function useOutboxNotices(userId: string): readonly OutboxNotice[] {
  const current = useSyncExternalStore(subscribe, currentSnapshot);
  return current.userId === userId ? current.notices : [];
}

/** The user has read a notice: it goes. */
export function dismissNotice(notice: OutboxNotice) {
  snapshot = { ...snapshot, notices: snapshot.notices.filter((kept) => kept !== notice) };
  for (const listener of listeners) listener();
}

/**
 * Keeps the signed-in user's outbox draining for as long as it is mounted (the members' header):
 * now, when the connection returns, when the app is shown again, and when another tab queues.
 */
export function useOutboxSync(userId: string) {
  useEffect(() => {
    const sync = () => void syncOutbox(userId);
    const whenVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    const fromOtherTab = (event: MessageEvent) => {
      if (event.data === userId) void refresh(userId);
    };
    sync();
    window.addEventListener('online', sync);
    document.addEventListener('visibilitychange', whenVisible);
    channel?.addEventListener('message', fromOtherTab);
    return () => {
      window.removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', whenVisible);
      channel?.removeEventListener('message', fromOtherTab);
    };
  }, [userId]);
}
