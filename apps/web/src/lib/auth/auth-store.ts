import { requestEndpoint } from '../http.ts';
import { SessionStore } from './session-store.ts';
import { authStorageKey } from './storage-key.ts';

export type { AuthState } from './session-store.ts';

const storageKey = authStorageKey(window.location.hostname);
/** Catches the refresh window even when timers were throttled or the laptop slept. */
const REFRESH_CHECK_INTERVAL_MS = 10_000;

/** This tab's session; see SessionStore. */
export const authStore = new SessionStore({
  storage: window.localStorage,
  storageKey,
  request: requestEndpoint,
  locks: navigator.locks,
});

export const onAuthStateChange = authStore.onAuthStateChange;

/**
 * Loads the stored session and keeps it fresh. Renewal is checked against the wall clock on a
 * short interval and whenever the tab wakes up (visible, focused, back online), rather than
 * trusting one long setTimeout that a sleeping laptop or a throttled background tab would delay.
 */
export function startAuthSession() {
  void authStore.initialise();
  window.addEventListener('storage', (event) => {
    // key null: another tab cleared all of localStorage.
    if (event.key === storageKey || event.key === null) authStore.syncFromStorage();
  });
  const checkRefresh = () => void authStore.refreshIfDue();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkRefresh();
  });
  window.addEventListener('focus', checkRefresh);
  window.addEventListener('online', checkRefresh);
  window.setInterval(checkRefresh, REFRESH_CHECK_INTERVAL_MS);
}
