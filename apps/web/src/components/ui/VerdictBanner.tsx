import { type DocumentVerdict, verdictHeadline } from '@app/contract';
import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * What the record says of the version in hand, first thing on a shared or verified document:
 * "Genuine, current version", "Superseded by version 2 (amended 3 Dec 2026)", withdrawn or not issued.
 * `next`: what the reader can do about it (e.g. a link to the current version).
 */
export function VerdictBanner({ verdict, next }: { verdict: DocumentVerdict; next?: ReactNode }) {
  return (
    <Alert tone={verdict.status === 'current' ? 'success' : 'error'}>
      <p className="text-base font-semibold">{verdictHeadline(verdict, formatDate)}</p>
      {next ? <div className="mt-1">{next}</div> : null}
    </Alert>
  );
}
