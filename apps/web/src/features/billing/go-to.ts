import type { NavigateFunction } from 'react-router';

/** Follows a URL the server gave: a path of this app stays in the app; another site (Stripe) is loaded. */
export function goTo(url: string, navigate: NavigateFunction) {
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else window.location.assign(url);
}
