import type { MadeBy, MadeByFilter } from '@app/contract';
import { useState } from 'react';

/*
 * "Mine" / "Everyone's" (ADR 0077): whether a business's lists show the caller's own records or
 * everyone's. One choice per person on this device, for the certificate and SWMS lists alike: its key
 * ends with the user id, so signing out forgets it (lib/outbox/local-user-data.ts).
 */
const storageKey = (userId: string) => `list-made-by:${userId}`;

function readChoice(userId: string): MadeByFilter {
  try {
    return localStorage.getItem(storageKey(userId)) === 'me' ? 'me' : undefined;
  } catch {
    return undefined; // Storage switched off by the browser: everyone's, as with nothing chosen.
  }
}

export function useMadeByFilter(userId: string) {
  const [madeBy, setChoice] = useState<MadeByFilter>(() => readChoice(userId));
  const setMadeBy = (choice: MadeByFilter) => {
    setChoice(choice);
    try {
      if (choice) localStorage.setItem(storageKey(userId), choice);
      else localStorage.removeItem(storageKey(userId));
    } catch {
      // Not remembered; the list still shows the choice.
    }
  };
  return { madeBy, setMadeBy };
}

/**
 * Whether a list is a team's: it holds someone else's record (or a former member's), or "Mine" is
 * on. A person alone in their business never sees the toggle or a maker's name.
 */
export const isTeamList = (items: ReadonlyArray<{ made_by: MadeBy }>, userId: string, madeBy: MadeByFilter) =>
  madeBy === 'me' || items.some((item) => item.made_by?.user_id !== userId);

/** What a row says of its maker: nothing on the caller's own, "Former member" once the account is gone. */
export const makerLabel = (madeBy: MadeBy, userId: string): string | null =>
  madeBy === null ? 'Former member' : madeBy.user_id === userId ? null : madeBy.name;
