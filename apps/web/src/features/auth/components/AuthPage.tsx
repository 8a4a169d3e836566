import type { ReactNode } from 'react';
import { focusWhenShown } from '../../../components/ui/focus-when-shown.ts';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';

/**
 * The narrow, phone-first column every auth screen uses. `focusTitle`: the screen swapped in for
 * another on the same page (sign-in, reset password), so its title takes the focus as it appears.
 */
export function AuthPage({
  title,
  intro,
  focusTitle = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <PageTitle key={title} ref={focusTitle ? focusWhenShown : undefined}>
        {title}
      </PageTitle>
      {intro ? <div className="mt-2 text-slate-600 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6 flex flex-col gap-5">{children}</div>
    </section>
  );
}
