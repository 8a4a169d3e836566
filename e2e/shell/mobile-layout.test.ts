import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });

describe('375 px wide phone', () => {
  it.each(['/', '/login', '/register', '/auth/update-password', '/this/does/not/exist'])(
    '%s fits the screen without sideways scrolling',
    async (path) => {
      const { page } = session;
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );

  it('navigates a visitor through the menu button', async () => {
    const { page } = session;
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${session.baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
  });
});
