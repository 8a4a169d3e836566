import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { StatusChip } from '../../../components/ui/StatusChip.tsx';
import type { OutboxChange } from '../../../lib/outbox/outbox.ts';
import { discardChange, sendAgain } from '../../../lib/outbox/outbox-sync.ts';
import { isEditConflict, reopenedValues } from '../offline-saves.ts';
import { forgetKeptPhotos } from '../photos/use-photo-uploads.ts';
import { certificateIdOf } from '../waiting-certificates.ts';
import { type CertificateChip, outboxChip } from './certificate-chip.ts';

/**
 * Certificates this phone has and the server does not yet (the outbox): new certificates and edits
 * waiting to be sent, or refused by the server with its reason, to open again, send again or
 * discard; an edit refused because the certificate changed elsewhere leads to the choice between
 * the versions. Drafts kept here before ADR 0069 are left out: they are being moved to the account.
 * `changes`: the user's certificate changes in the outbox (useWaitingCertificates, which reloads
 * the list when one goes through).
 */
export function WaitingCertificates({ changes }: { changes: readonly OutboxChange[] }) {
  const waiting = groupBySubject(changes.filter((change) => !change.keptDraft));
  return (
    <>
      {waiting.length > 0 ? (
        <Section heading={`Waiting to sync (${waiting.length})`}>
          {waiting.map((record) => (
            <WaitingCertificate key={record.subject} record={record} />
          ))}
        </Section>
      ) : null}
    </>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-semibold">
        {heading}
      </h2>
      <ul className="flex flex-col gap-3">{children}</ul>
    </section>
  );
}

type RecordChanges = { subject: string; label: string; photos: number; changes: OutboxChange[] };

/** One entry per certificate: its photos' uploads and its create (or its edits) go together. */
function groupBySubject(changes: readonly OutboxChange[]): RecordChanges[] {
  const groups = new Map<string, RecordChanges>();
  for (const change of changes) {
    const group = groups.get(change.subject) ?? {
      subject: change.subject,
      label: change.label,
      photos: 0,
      changes: [],
    };
    if (change.request.photoId) group.photos += 1;
    group.label = change.label;
    group.changes.push(change);
    groups.set(change.subject, group);
  }
  return [...groups.values()];
}

const reopenPath = (change: OutboxChange) => `/certificates/new?draft=${certificateIdOf(change)}`;

function Entry({ label, badge, children }: { label: string; badge: CertificateChip; children: ReactNode }) {
  return (
    <li className="rounded-md border border-dashed border-slate-400 p-4 dark:border-slate-500">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="break-words">{label}</span>
        <StatusChip tone={badge.tone}>{badge.words}</StatusChip>
      </div>
      {children}
    </li>
  );
}

/** Drops what this phone keeps of a certificate the user no longer wants: its changes, and photos only it had. */
async function discardRecord(record: RecordChanges) {
  const [first] = record.changes;
  if (first) forgetKeptPhotos(reopenedValues(record.changes, certificateIdOf(first))?.photos ?? []);
  for (const change of record.changes) await discardChange(change);
}

const photoCount = (photos: number) => `${photos} photo${photos === 1 ? '' : 's'} on this phone`;

function WaitingCertificate({ record }: { record: RecordChanges }) {
  const refused = record.changes.find((change) => change.refused);
  if (refused && isEditConflict(refused)) return <ConflictEntry record={record} change={refused} />;
  // A new certificate the server refused (e.g. the month's limit) opens again in the form.
  const reopenable = refused && record.changes.find((change) => change.form !== undefined);
  return (
    <Entry label={record.label} badge={outboxChip(refused?.refused)}>
      {record.photos > 0 ? <p className="mt-1 text-sm">{photoCount(record.photos)}</p> : null}
      {refused?.refused ? (
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <p>{refused.refused.message} It is kept on this phone.</p>
          <div className="flex flex-wrap gap-3">
            {reopenable ? (
              <Link to={reopenPath(reopenable)} className={buttonClasses('secondary')}>
                Open to edit
              </Link>
            ) : null}
            <Button variant="secondary" onClick={() => void sendAgain(refused)}>
              Send again
            </Button>
            <Button variant="secondary" onClick={() => void discardRecord(record)}>
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Kept on this phone: it is sent as soon as there is a connection.
        </p>
      )}
    </Entry>
  );
}

function ConflictEntry({ record, change }: { record: RecordChanges; change: OutboxChange }) {
  return (
    <Entry label={record.label} badge={{ tone: 'warning', words: 'Changed on another device' }}>
      <p className="mt-2 text-sm">
        It was changed somewhere else while your changes waited on this phone. Both versions are kept until you choose.
      </p>
      <Link to={`/certificates/edit/${certificateIdOf(change)}`} className={`mt-2 ${buttonClasses('secondary')}`}>
        Compare and choose
      </Link>
    </Entry>
  );
}
