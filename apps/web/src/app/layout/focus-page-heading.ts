/** How long a page has to show its h1 after a route change: its code and data are on their way. */
const WAIT_MS = 5000;

/**
 * Moves the focus to the h1 of the page now in `main`, waiting for it to appear (and following it
 * if the page replaces it, a loading state by the loaded page), until `signal` aborts or WAIT_MS
 * pass. A page that focuses something of its own (a field), or a user who moves first, keeps that
 * focus. Loaded on the first route change, so no page's first load carries it.
 */
export default function focusPageHeading(signal: AbortSignal) {
  const main = document.getElementById('main');
  if (!main) return;
  let focused: HTMLElement | null = null;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const follow = () => {
    const active = document.activeElement;
    if (active !== focused && main.contains(active)) return stop();
    const heading = main.querySelector('h1');
    if (heading && heading !== focused) {
      heading.tabIndex = -1;
      heading.focus();
      focused = heading;
    }
  };
  const observer = new MutationObserver(follow);
  const timer = setTimeout(stop, WAIT_MS);
  signal.addEventListener('abort', stop);
  observer.observe(main, { childList: true, subtree: true });
  follow();
}
