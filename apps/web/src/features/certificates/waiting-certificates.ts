import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OutboxChange } from '../../lib/outbox/outbox.ts';
import { useOutbox } from '../../lib/outbox/outbox-sync.ts';
import { certificateKeys } from './api/query-keys.ts';

/*
 * Which certificates have changes on this phone the server does not have yet (the outbox, ADR
 * 0035): what lists mark "Waiting to sync". Light on purpose: the dashboard reads it too, and must
 * not load the saving helpers (offline-saves.ts) that make the changes.
 */

const SUBJECT = 'certificate:';
export const subjectOf = (certificateId: string) => `${SUBJECT}${certificateId}`;

/** Whether an outbox change is a certificate's (its create, edit or photo upload). */
const isCertificateChange = (change: OutboxChange) => change.subject.startsWith(SUBJECT);

/** The certificate an outbox change makes or changes: the id the form made, or the server's. */
export const certificateIdOf = (change: OutboxChange) => change.subject.slice(SUBJECT.length);

/** A certificate made on this phone and not on the server yet: its create waits (a photo upload is a POST with a file). */
const isWaitingCreate = (change: OutboxChange) =>
  !change.keptDraft && change.request.method === 'POST' && change.request.photoId === undefined;

/**
 * The user's certificate changes waiting in the outbox: the ids they concern (`waitingIds`), and the
 * certificates this phone made that the server does not have yet (`waitingCreates`, newest first).
 * When one goes through, the lists are asked for again, so it shows as the server now has it.
 */
export function useWaitingCertificates(userId: string) {
  const changes = useOutbox(userId).filter(isCertificateChange);
  const queryClient = useQueryClient();
  const count = useRef(changes.length);
  useEffect(() => {
    if (changes.length < count.current) void queryClient.invalidateQueries({ queryKey: certificateKeys.lists(userId) });
    count.current = changes.length;
  }, [changes.length, queryClient, userId]);
  return {
    changes,
    waitingIds: new Set(changes.map(certificateIdOf)),
    waitingCreates: changes.filter(isWaitingCreate).reverse(),
  };
}
