import type { Page } from 'playwright-core';

/**
 * Waits until the app's service worker controls the page: it has precached the shell by then, so
 * the app opens with no connection. Fails if none does within 30 s (e.g. one that is blocked).
 */
export async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    polling: 100,
    timeout: 30_000,
  });
}
