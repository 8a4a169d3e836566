import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useViewFocus } from '../../../components/ui/view-focus.ts';

/** The narrow, phone-first column every auth screen uses. */
export function AuthPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <PageTitle ref={useViewFocus(title)}>{title}</PageTitle>
      {intro ? <div className="mt-2 text-slate-600 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6 flex flex-col gap-5">{children}</div>
    </section>
  );
}
