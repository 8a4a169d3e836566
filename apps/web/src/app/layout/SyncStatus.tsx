import { useSyncExternalStore } from 'react';
import { useKeptDraftsMovedToAccount } from '../../features/certificates/kept-drafts-move.ts';
import { useKeptDocumentsSync } from '../../features/swms/kept-documents-sync.ts';
import { isSendable, recordsIn } from '../../lib/outbox/outbox.ts';
import { dismissNotice, useOutbox, useOutboxNotices, useOutboxSync } from '../../lib/outbox/outbox-sync.ts';

const onConnectionChange = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * The members' header item for the outbox: it keeps it draining (lib/outbox/outbox-sync.ts) and
 * says, for as long as it is so, that the phone is offline and how many changes wait on it or were
 * refused; and, until dismissed, which records it dropped because they were deleted on another
 * device (ADR 0032).
 */
export function SyncStatus({ userId }: { userId: string }) {
  useOutboxSync(userId);
  useKeptDocumentsSync(userId);
  useKeptDraftsMovedToAccount(userId);
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine);
  // A record's changes (a certificate and its photos' uploads) count as one.
  const changes = useOutbox(userId);
  const refused = recordsIn(changes.filter((change) => change.refused));
  // Drafts kept on this phone (ADR 0036) wait only to be moved to the account (ADR 0069).
  const waiting = recordsIn(changes.filter(isSendable));
  const notices = useOutboxNotices(userId);
  const counts = [
    online ? null : 'Offline',
    waiting > 0 ? `Waiting to sync (${waiting})` : null,
    refused > 0 ? `Not sent (${refused})` : null,
  ].filter(Boolean);
  if (counts.length === 0 && notices.length === 0) return null;
  return (
    <div role="status" className="ml-auto flex flex-col items-end gap-1 text-sm">
      {counts.length > 0 ? <p className="font-semibold">{counts.join(' · ')}</p> : null}
      {notices.map((notice) => (
        <p key={notice.subject} className="flex flex-wrap items-center justify-end gap-2">
          <span>
            {notice.message}: {notice.label}. Its changes on this phone were dropped.
          </span>
          <button
            type="button"
            className="min-h-11 rounded-md px-2 font-semibold underline"
            onClick={() => dismissNotice(notice)}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
