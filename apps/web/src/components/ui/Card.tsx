import type { HTMLAttributes, ReactNode } from 'react';

const cardClasses =
  'rounded-card border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * A bordered panel on the page's background. `as` picks the element, so a card can be a list item
 * (`li`), a landmark (`section` with a heading) or a plain `div`.
 */
export function Card({
  as: Element = 'div',
  className = '',
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li'; children: ReactNode }) {
  return (
    <Element className={`${cardClasses} ${className}`} {...props}>
      {children}
    </Element>
  );
}
