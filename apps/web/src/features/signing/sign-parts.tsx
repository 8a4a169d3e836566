import type { SignPage } from '@app/contract';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { signPagePdfUrl } from './api/get-sign-page.ts';

/** The frame and pieces every state of /sign/:token shows. */

export /** "3 Dec 2026", in the signer's own time zone. */
const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

export function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <PageTitle>{title}</PageTitle>
      {children}
    </article>
  );
}

export function DocumentSummary({ page, token }: { page: SignPage; token: string }) {
  const { document } = page;
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-sm text-slate-600 dark:text-slate-300">From {page.company_name}</p>
      <h2 className="text-lg font-semibold">
        {document.title}
        {document.number ? ` ${document.number}` : ''}
      </h2>
      <p className="text-sm">Version {document.version}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Fingerprint (SHA-256): <span className="break-all font-mono">{document.fingerprint}</span>
      </p>
      <p>
        {/* The PDF is the document exactly as it is filed; phones open it in their own viewer. */}
        <a href={signPagePdfUrl(token)} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
          Read the document (PDF)
        </a>
      </p>
    </section>
  );
}
