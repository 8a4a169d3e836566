import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';

/** When the terms and the privacy policy last changed (both are reviewed together). */
const LEGAL_UPDATED = { iso: '2026-11-23', text: '23 November 2026' } as const;

/** A readable column for a legal document: its title, the date it last changed, then its sections. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-6 leading-relaxed sm:py-10">
      <PageTitle>{title}</PageTitle>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Last updated: <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.text}</time>
      </p>
      <div className="mt-6 flex flex-col gap-8">{children}</div>
    </article>
  );
}

/** One numbered part of a legal document, with its heading. */
export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-50">{heading}</h2>
      {children}
    </section>
  );
}

export function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1 pl-6">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export const ContactLink = ({ children = 'Contact page' }: { children?: ReactNode }) => (
  <Link to="/contact" className={textLinkClasses}>
    {children}
  </Link>
);
