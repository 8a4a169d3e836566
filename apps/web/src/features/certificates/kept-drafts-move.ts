import { useEffect } from 'react';
import type { OutboxChange } from '../../lib/outbox/outbox.ts';
import { useOutbox } from '../../lib/outbox/outbox-sync.ts';

/** Kept drafts being moved by this tab: each is queued once, however often the header renders. */
const moving = new Set<number>();

/**
 * Moves the drafts a free user kept on this phone (ADR 0036) to their account (ADR 0069), run by
 * the members' header: they go into the outbox, which sends them once there is a connection. The
 * saving helpers load only when there is one to move, so other pages do not carry them.
 */
export function useKeptDraftsMovedToAccount(userId: string) {
  const changes = useOutbox(userId);
  useEffect(() => {
    const kept = changes.filter((change: OutboxChange) => change.keptDraft && !moving.has(change.seq));
    if (kept.length === 0) return;
    for (const change of kept) moving.add(change.seq);
    void import('./offline-saves.ts')
      .then(({ moveKeptDraftsToAccount }) => moveKeptDraftsToAccount(kept))
      .finally(() => {
        for (const change of kept) moving.delete(change.seq);
      });
  }, [changes]);
}
