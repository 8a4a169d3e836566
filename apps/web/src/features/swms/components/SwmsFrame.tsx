import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { PageColumn } from '../../../components/ui/PageColumn.tsx';

/** The phone-first column of the SWMS screens, their sections stacked. */
export function SwmsFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <PageColumn title={title} actions={actions}>
      <div className="flex flex-col gap-6">{children}</div>
    </PageColumn>
  );
}

/** A titled part of a long form (`level` 3 inside a section of the SWMS editor's steps). */
export function FormSection({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="flex flex-col gap-3">
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children}
    </section>
  );
}

const statusLabels = { draft: 'Draft', ready: 'Ready', signed: 'Signed' } as const;

export function StatusBadge({ status }: { status: keyof typeof statusLabels }) {
  const tone =
    status === 'draft'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50'
      : 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100';
  return <span className={`rounded px-2 py-0.5 text-sm font-semibold ${tone}`}>{statusLabels[status]}</span>;
}

/** What still stands between a draft and ready. */
export function MissingList({ missing, what }: { missing: Array<{ path: string; message: string }>; what: string }) {
  if (missing.length === 0) return null;
  return (
    <div className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
      <p className="font-semibold">Before this {what} is ready:</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.slice(0, 12).map((item) => (
          <li key={item.path}>{item.message}</li>
        ))}
      </ul>
      {missing.length > 12 ? <p className="mt-1">…and {missing.length - 12} more.</p> : null}
    </div>
  );
}

/**
 * What the next change does once the current version has left its owner (printed with its QR code,
 * sent or signed): it is kept as it is, and the change starts the next version.
 */
export function IssuedNotice({
  document,
  signers,
}: {
  document: { issued: boolean; status: keyof typeof statusLabels; current_version: number };
  /** Who must sign the next version again, e.g. "the crew". */
  signers: string;
}) {
  if (!document.issued) return null;
  const { current_version: version } = document;
  return (
    <Alert tone="success">
      {document.status === 'signed'
        ? `Version ${version} has signatures and is kept as signed. Your next change starts version ${version + 1}, which ${signers} must sign again.`
        : `Version ${version} was printed or sent and is kept as issued. Your next change starts version ${version + 1}.`}
    </Alert>
  );
}
