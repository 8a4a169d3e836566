import type { ReactNode, Ref } from 'react';

/** The page's h1; focusable by script (tabIndex -1), for the layout and views that move the focus to it. */
export function PageTitle({ children, ref }: { children: ReactNode; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {children}
    </h1>
  );
}
