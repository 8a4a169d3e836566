import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });

describe('notifications', () => {
  const politeRegion = () =>
    session.page.getByRole('region', { name: 'Notifications' }).locator('[role="status"][aria-live="polite"]');

  it('announces a real toast through a live region, and it disappears on its own', async () => {
    const { page, context } = session;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The live region is in the page before any toast: screen readers announce what is added to it.
    expect(await politeRegion().count()).toBe(1);
    await expect.poll(() => politeRegion().textContent()).toBe('');

    // Losing the connection is a real event on a job site; the browser fires `offline`.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const toastTitle = politeRegion().getByText('You are offline');
    await toastTitle.waitFor();
    await politeRegion().getByRole('button', { name: 'Dismiss notification' }).waitFor();

    // Visible for 2 s, then gone without any action.
    await toastTitle.waitFor({ state: 'detached', timeout: 5000 });
    await context.setOffline(false);
  });

  it('can be dismissed, and stays clear of the page content on a 375 px screen', async () => {
    const { page } = session;
    await page.goto('/');
    const primaryAction = page.getByRole('link', { name: 'Create a free account' }).first();
    await primaryAction.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const toastTitle = politeRegion().getByText('Back online');
    await toastTitle.waitFor();

    // The primary action stays clickable while the toast shows.
    const toastBox = await politeRegion().boundingBox();
    const actionBox = await primaryAction.boundingBox();
    if (!toastBox || !actionBox) throw new Error('toast or primary action has no box');
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(actionBox.y);

    await politeRegion().getByRole('button', { name: 'Dismiss notification' }).click();
    await toastTitle.waitFor({ state: 'detached', timeout: 1000 });
  });
});
