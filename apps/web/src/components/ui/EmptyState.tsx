import type { ReactNode } from 'react';

/**
 * What a list or page shows when it has nothing yet: a short title, what would appear here and how,
 * and optionally the action that starts it. `icon` is decorative (hidden from screen readers); pass
 * it only from signed-in pages, so icons stay out of the scripts public pages load.
 */
export function EmptyState({
  title,
  icon,
  action,
  headingLevel = 3,
  children,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
      {icon ? (
        <span aria-hidden="true" className="text-slate-500 dark:text-slate-400 [&_svg]:size-8">
          {icon}
        </span>
      ) : null}
      <Heading className="text-base font-semibold">{title}</Heading>
      {children ? <div className="max-w-prose text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
