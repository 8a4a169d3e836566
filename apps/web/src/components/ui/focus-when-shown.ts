/**
 * A ref callback that focuses its element as it appears: the heading of a view swapped in within a
 * page (the layout moves the focus on route changes), an alert that answers a submit. Without it
 * the focus falls to the page as the button that was pressed goes away or is disabled, and a screen
 * reader hears nothing. Stable, so React calls it only when the element mounts, never again as its
 * component re-renders. The element needs tabIndex -1 unless it is focusable already.
 */
export const focusWhenShown = (element: HTMLElement | null) => element?.focus();
