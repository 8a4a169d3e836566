import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { createMember, type Member, signIn } from '../support/members.ts';

// On a phone a member navigates with a tab bar at the bottom; on a wide screen, the header.
const session = useBrowser({ viewport: { width: 375, height: 740 } });

let member: Member;
beforeAll(async () => {
  member = await createMember('navigation');
});

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

describe('a member on a 375 px phone', () => {
  it('has the tab bar, marks the active tab, and reaches Compliance through More', async () => {
    const { page } = session;
    await signIn(page, member);
    const tabs = tabBar(page);
    for (const name of ['Home', 'Certificates', 'New', 'SWMS']) await tabs.getByRole('link', { name }).waitFor();
    const currentOf = (name: string) => () => tabs.getByRole('link', { name }).getAttribute('aria-current');
    await expect.poll(currentOf('Home')).toBe('page');
    // The header's Menu button is for visitors: a member has the tab bar.
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);

    await tabs.getByRole('link', { name: 'Certificates' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates`);
    // The tab bar marks the new page once it has rendered it.
    await expect.poll(currentOf('Certificates')).toBe('page');
    await expect.poll(currentOf('Home')).toBeNull();

    // Every tab is a 44 px target, and the bar sits at the bottom of the screen.
    const box = await tabs.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(740);
    for (const target of await tabs.locator('a, button').all()) {
      expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    const more = tabs.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Materials', 'Gallery', 'Profile', 'Subscription']) {
      await tabs.getByRole('link', { name }).waitFor();
    }
    await tabs.getByRole('button', { name: 'Sign out' }).waitFor();
    await tabs.getByRole('link', { name: 'Compliance' }).click();
    await page.waitForURL(`${session.baseUrl}/compliance`);
    await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();
    // Navigating closes More.
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
  });

  it('reaches every area from the tab bar, each page fitting the screen', async () => {
    const { page } = session;
    await signIn(page, member);
    const tabs = tabBar(page);
    const areas: Array<[tab: string, inMore: boolean, path: string, heading: string]> = [
      ['Certificates', false, '/certificates', 'Certificates'],
      ['New', false, '/certificates/new', 'New certificate'],
      ['SWMS', false, '/swms', 'Safe Work Method Statements'],
      ['Home', false, '/', ''],
      ['Compliance', true, '/compliance', 'Compliance'],
      ['Materials', true, '/materials', ''],
      ['Gallery', true, '/gallery', 'Photo gallery'],
      ['Profile', true, '/profile', ''],
      ['Subscription', true, '/subscription', ''],
    ];
    for (const [tab, inMore, path, heading] of areas) {
      if (inMore) await tabs.getByRole('button', { name: 'More' }).click();
      // A tab's name starts with its label (Subscription also names the plan).
      await tabs.getByRole('link', { name: new RegExp(`^${tab}`) }).click();
      await page.waitForURL(`${session.baseUrl}${path}`);
      const title = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
      await title.first().waitFor();
      // No page scrolls sideways at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  it('keeps the page clear of the tab bar', async () => {
    const { page } = session;
    await signIn(page, member);
    await tabBar(page).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole('contentinfo').boundingBox();
    const bar = await tabBar(page).boundingBox();
    expect(footer && bar && footer.y + footer.height).toBeLessThanOrEqual(bar?.y ?? 0);
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('has no serious or critical axe violations with the tab bar and More open, %s theme', async (_theme, dark) => {
    const { page } = session;
    if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByRole('heading', { level: 1, name: 'Certificates' }).waitFor();
    await tabBar(page).getByRole('link', { name: 'New' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
    expect(await seriousViolations(page)).toEqual([]);
    await tabBar(page).getByRole('button', { name: 'More' }).click();
    await tabBar(page).getByRole('link', { name: 'Compliance' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a member at 1280 px', () => {
  it('has the header as today and no tab bar', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, member);
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Certificates', 'New certificate', 'SWMS', 'Compliance', 'Profile']) {
      await main.getByRole('link', { name, exact: true }).waitFor();
    }
    await main.getByRole('button', { name: 'Sign out' }).waitFor();
    // The lazily loaded tab bar is in the DOM but not shown.
    await page.waitForTimeout(300);
    expect(await tabBar(page).isVisible()).toBe(false);
  });
});
