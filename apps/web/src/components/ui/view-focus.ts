import { useEffect, useRef } from 'react';

/**
 * Focus for what appears within a page, where no route change moves it (the layout does that):
 * a swapped-in view's heading, an alert that answers a submit. Without it the focus falls to the
 * page when the button that was pressed goes away or is disabled, and a screen reader hears nothing.
 */

/**
 * A ref callback that focuses its element as it appears. Stable, so React calls it only when the
 * element mounts, never again as its component re-renders. The element needs tabIndex -1 unless it
 * is focusable already.
 */
export const focusWhenShown = (element: HTMLElement | null) => element?.focus();

/**
 * A ref for the heading of a page's current view (sign-in or reset password; sign or thank you):
 * when `view` changes, the heading takes the focus, so the swap is announced as a new page would be.
 */
export function useViewFocus(view: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    heading.current?.focus();
  }, [view]);
  return heading;
}
