/*
 * The page a visitor was going to when they asked for a password reset, or created an account (from
 * an invitation): the emailed link opens in another tab (from the mail app), so the place is kept on
 * this device and taken back once the new password is saved or the address confirmed. An hour at
 * most, and only paths inside this app.
 */

type ReturnStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY = 'tradecert:return-after-reset';
const LIFETIME_MS = 60 * 60_000;

export const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login');

export function rememberReturn(storage: ReturnStorage, path: string, now = Date.now()): void {
  if (!isAppPath(path) || path === '/') return;
  try {
    storage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage full or blocked: the user lands on the home page instead.
  }
}

/** The page kept by rememberReturn, once (it is forgotten as it is read); undefined if none or too old. */
export function takeReturn(storage: ReturnStorage, now = Date.now()): string | undefined {
  let kept: unknown;
  try {
    kept = JSON.parse(storage.getItem(KEY) ?? 'null');
    storage.removeItem(KEY);
  } catch {
    return undefined;
  }
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { path, at } = kept as { path?: unknown; at?: unknown };
  if (!isAppPath(path) || typeof at !== 'number' || now - at > LIFETIME_MS || at > now) return undefined;
  return path;
}
