import { useSyncExternalStore } from 'react';
import { useKeptDocumentsSync } from '../../features/swms/kept-documents-sync.ts';
import { isSendable, recordsIn } from '../../lib/outbox/outbox.ts';
import { useOutbox, useOutboxSync } from '../../lib/outbox/outbox-sync.ts';

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
 * refused.
 */
export function SyncStatus({ userId }: { userId: string }) {
  useOutboxSync(userId);
  useKeptDocumentsSync(userId);
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine);
  // A record's changes (a certificate and its photos' uploads) count as one.
  const changes = useOutbox(userId);
  const refused = recordsIn(changes.filter((change) => change.refused));
  // Drafts kept on this phone are not waiting for anything: the certificate list shows them.
  const waiting = recordsIn(changes.filter(isSendable));
  if (online && waiting + refused === 0) return null;
  return (
    <p role="status" className="ml-auto text-sm font-semibold">
      {[
        online ? null : 'Offline',
        waiting > 0 ? `Waiting to sync (${waiting})` : null,
        refused > 0 ? `Not sent (${refused})` : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}
