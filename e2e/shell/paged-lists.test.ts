import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { createMember, type Member, memberApi, signIn } from '../support/members.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });

/** The web asks for 20 rows a page (LIST_PAGE_SIZE): two full pages and one row more. */
const ROWS = 41;

/**
 * A member with ROWS things of one kind made through the API (`create`: the path, the body), one
 * after another, so newest first is the reverse; signed in on the list at `list`, its first page
 * shown and the focus on its last row. Answers the rows' links and their hrefs in the order expected.
 */
async function openSeededList(
  page: Page,
  options: {
    label: string;
    premium?: boolean;
    create: [path: string, body: (member: Member) => unknown];
    list: string;
    rowHref: string;
  },
): Promise<{ rows: Locator; expected: string[] }> {
  const member = await createMember(options.label, { premium: options.premium ?? false });
  const [path, body] = options.create;
  const ids: string[] = [];
  for (let made = 0; made < ROWS; made++)
    ids.push((await memberApi<{ id: string }>(member, 'POST', path, body(member))).id);
  await signIn(page, member);
  await page.goto(options.list);
  const rows = page.locator(`main li a[href^="${options.rowHref}"]`);
  await expect.poll(() => rows.count()).toBe(20);
  await rows.nth(19).focus();
  return { rows, expected: ids.reverse().map((id) => `${options.rowHref}${id}`) };
}

const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/**
 * Pages through a list with the keyboard alone, from the focus on the first page's last row: Tab
 * reaches "Load more", Enter loads the next page and moves the focus to its first row, Tab goes on
 * through the new rows and reaches the button again, until the button is gone. Every row once, in order.
 */
async function pageThroughWithKeyboard(page: Page, rows: Locator, expected: string[]): Promise<void> {
  const loadMore = page.getByRole('button', { name: 'Load more' });
  let shown = await rows.count();
  expect(await focusedHref(page)).toBe(expected[shown - 1]);
  while (shown < expected.length) {
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Load more');
    await page.keyboard.press('Enter');
    const first = shown;
    await expect.poll(() => focusedHref(page)).toBe(expected[first]);
    shown = Math.min(first + 20, expected.length);
    expect(await rows.count()).toBe(shown);
    for (let row = first + 1; row < shown; row++) {
      await page.keyboard.press('Tab');
      expect(await focusedHref(page)).toBe(expected[row]);
    }
  }
  // At the end the button is gone, and the focus is on the last row it brought.
  expect(await loadMore.count()).toBe(0);
  expect(await focusedHref(page)).toBe(expected.at(-1));
  expect(await rows.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expected);
}

describe('Paged lists at 375 px', () => {
  it('pages through more SWMS than one page with the keyboard, each once, and says what to do when a page fails', async () => {
    const { page, context } = session;
    const { rows, expected } = await openSeededList(page, {
      label: 'paged-swms',
      create: ['/api/swms', () => ({})],
      list: '/swms',
      rowHref: '/swms/',
    });

    // A next page that fails: the rows stay, the focus stays on the button, and the message says what to do.
    let failing = true;
    await context.route(/\/api\/swms\?.*cursor=/, (route) =>
      failing
        ? route.fulfill({ status: 503, json: { error: { code: 'service_unavailable', message: 'Busy.' } } })
        : route.fallback(),
    );
    session.allowConsoleErrors(/status of 503/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // While it loads (and retries), the button says so and keeps the focus.
    await page.getByRole('button', { name: 'Loading more...' }).waitFor();
    expect(await focusedText(page)).toBe('Loading more...');
    await page
      .getByRole('alert')
      .filter({ hasText: /^More SWMS could not be loaded\. .+ Choose Load more to try again\.$/ })
      .waitFor({ timeout: 20_000 });
    expect(await focusedText(page)).toBe('Load more');
    expect(await rows.count()).toBe(20);
    expect(await wcagViolations(page)).toEqual([]);
    failing = false;

    await rows.nth(19).focus();
    await pageThroughWithKeyboard(page, rows, expected);
    expect(await page.getByText(/More SWMS could not be loaded/).count()).toBe(0);
  });

  it('pages through more certificates than one page the same way, with the same button', async () => {
    const { page } = session;
    const { rows, expected } = await openSeededList(page, {
      label: 'paged-certificates',
      premium: true,
      create: ['/api/certificates', (member) => ({ user_id: member.userId, status: 'draft' })],
      list: '/certificates',
      rowHref: '/certificates/',
    });
    await pageThroughWithKeyboard(page, rows, expected);
  });

  it('pages through more cover sheets than one page with the keyboard, each once', async () => {
    const { page } = session;
    const { rows, expected } = await openSeededList(page, {
      label: 'paged-cover-sheets',
      create: ['/api/cover-sheets', () => ({ swms_ids: [] })],
      list: '/swms/cover-sheet',
      rowHref: '/swms/cover-sheet/edit/',
    });
    await pageThroughWithKeyboard(page, rows, expected);
  });

  it('offers every SWMS to a cover sheet, page by page, and says when one it covers is further down', async () => {
    const { page } = session;
    const member = await createMember('paged-cover-picker');
    const ids: string[] = [];
    for (let made = 0; made < 21; made++)
      ids.push((await memberApi<{ id: string }>(member, 'POST', '/api/swms', {})).id);
    const oldest = await memberApi<{ number: string }>(member, 'GET', `/api/swms/${ids[0]}`);
    const sheet = await memberApi<{ id: string }>(member, 'POST', '/api/cover-sheets', { swms_ids: [ids[0]] });
    await signIn(page, member);
    await page.goto(`/swms/cover-sheet/edit/${sheet.id}`);
    const covered = page.getByRole('group', { name: 'SWMS covered' });
    await expect.poll(() => covered.getByRole('checkbox').count()).toBe(20);
    await covered.getByText('1 more SWMS covered by this sheet is further down the list').waitFor();
    await covered.getByRole('checkbox').nth(19).focus();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Load more');
    await page.keyboard.press('Enter');
    // The focus moves to the new row: the oldest SWMS, which the sheet covers.
    const oldestBox = covered.getByRole('checkbox', { name: new RegExp(`^${oldest.number}: `) });
    await expect.poll(() => oldestBox.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await oldestBox.isChecked()).toBe(true);
    expect(await covered.getByText(/further down the list/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
