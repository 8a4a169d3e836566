import type { Page } from 'playwright-core';

/** Waits until an activated service worker controls the page; false when none comes (blocked). */
export function untilControlled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(resolve, 5000)),
    ]);
    if (!registration) return false;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return true;
  });
}
