import { errorCodes } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import type { OutboxChange } from '../../../lib/outbox/outbox.ts';
import { discardChange, sendAgain, useOutbox } from '../../../lib/outbox/outbox-sync.ts';
import { certificateKeys } from '../api/query-keys.ts';
import { certificateIdOf, isCertificateChange, isEditConflict } from '../offline-saves.ts';

/**
 * New certificates and edits kept on this phone until they are sent (the outbox): waiting, or
 * refused by the server with its reason, to send again or discard; an edit refused because the
 * certificate changed elsewhere leads to the choice between the versions. When one goes through,
 * the list reloads.
 */
export function WaitingCertificates({ userId }: { userId: string }) {
  const changes = useOutbox(userId).filter(isCertificateChange);
  const certificates = groupBySubject(changes);
  const queryClient = useQueryClient();
  const count = useRef(changes.length);
  useEffect(() => {
    if (changes.length < count.current) void queryClient.invalidateQueries({ queryKey: certificateKeys.lists(userId) });
    count.current = changes.length;
  }, [changes.length, queryClient, userId]);
  if (certificates.length === 0) return null;
  return (
    <section aria-labelledby="waiting-heading" className="flex flex-col gap-3">
      <h2 id="waiting-heading" className="font-semibold">
        Waiting to sync ({certificates.length})
      </h2>
      <ul className="flex flex-col gap-3">
        {certificates.map((certificate) => (
          <WaitingCertificate key={certificate.subject} certificate={certificate} />
        ))}
      </ul>
    </section>
  );
}

type WaitingCertificateChanges = { subject: string; label: string; photos: number; changes: OutboxChange[] };

/** One entry per certificate: its photos' uploads and its create go together. */
function groupBySubject(changes: readonly OutboxChange[]): WaitingCertificateChanges[] {
  const groups = new Map<string, WaitingCertificateChanges>();
  for (const change of changes) {
    const group = groups.get(change.subject) ?? {
      subject: change.subject,
      label: change.label,
      photos: 0,
      changes: [],
    };
    if (change.request.photoId) group.photos += 1;
    group.changes.push(change);
    groups.set(change.subject, group);
  }
  return [...groups.values()];
}

/** The toast's title for the same refusal on an online save (PRODUCT.md, Messages). */
const refusalTitle = (code: string) => (code === errorCodes.monthlyLimitReached ? 'Monthly limit reached' : 'Not sent');

function WaitingCertificate({ certificate }: { certificate: WaitingCertificateChanges }) {
  const refused = certificate.changes.find((change) => change.refused);
  if (refused && isEditConflict(refused)) return <ConflictEntry certificate={certificate} change={refused} />;
  return (
    <li className="rounded-md border border-dashed border-slate-400 p-4 dark:border-slate-500">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="break-words">{certificate.label}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {refused?.refused ? refusalTitle(refused.refused.code) : 'Waiting to sync'}
        </span>
      </div>
      {certificate.photos > 0 ? (
        <p className="mt-1 text-sm">{`${certificate.photos} photo${certificate.photos === 1 ? '' : 's'} on this phone`}</p>
      ) : null}
      {refused?.refused ? (
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <p>{refused.refused.message} It is kept on this phone.</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void sendAgain(refused)}>
              Send again
            </Button>
            <Button
              variant="secondary"
              onClick={() => void Promise.all(certificate.changes.map((change) => discardChange(change)))}
            >
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Kept on this phone: it is sent as soon as there is a connection.
        </p>
      )}
    </li>
  );
}

function ConflictEntry({ certificate, change }: { certificate: WaitingCertificateChanges; change: OutboxChange }) {
  return (
    <li className="rounded-md border border-dashed border-slate-400 p-4 dark:border-slate-500">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="break-words">{certificate.label}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          Changed on another device
        </span>
      </div>
      <p className="mt-2 text-sm">
        It was changed somewhere else while your changes waited on this phone. Both versions are kept until you choose.
      </p>
      <Link to={`/certificates/edit/${certificateIdOf(change)}`} className={`mt-2 ${buttonClasses('secondary')}`}>
        Compare and choose
      </Link>
    </li>
  );
}
