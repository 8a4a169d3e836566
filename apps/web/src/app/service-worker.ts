/**
 * Registers the service worker the build writes (vite-plugin-pwa: the precached app shell, ADR
 * 0033) once the page has loaded, so it never competes with the page's own first load. Not in
 * development, where Vite serves modules one by one.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
