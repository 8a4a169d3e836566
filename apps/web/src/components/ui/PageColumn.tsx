import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';

/** The phone-first column of a signed-in screen: its title, actions beside it, an intro and the content. */
export function PageColumn({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Beside the title on wide screens, under it on a phone, e.g. a "New certificate" link. */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{title}</PageTitle>
        {actions}
      </div>
      {intro ? <div className="mt-2 text-slate-600 dark:text-slate-300">{intro}</div> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
