/**
 * PRODUCT.md, Constants / PRODUCT.md, Accounts and sessions: the session lives in localStorage under a key derived from the first
 * label of the API host name, e.g. `localhost-auth-token` or `app-auth-token` for app.example.com.
 */
export function authStorageKey(hostname: string): string {
  const firstLabel = hostname.split('.')[0] || 'app';
  return `${firstLabel}-auth-token`;
}
