import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  createMember,
  insertWebhookEndpoint,
  memberApi,
  signIn,
  toastTitled,
  webhookSecretOf,
} from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/*
 * /profile/api at 375 px: a Premium member makes an API token, sees it once, uses it from
 * a program, and revokes it; turns a disabled webhook endpoint back on and rotates a secret, by
 * keyboard (ADR 0055).
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

const profileWith = (token: string) =>
  fetch(`${inject('baseUrl')}/api/profile`, { headers: { authorization: `Bearer ${token}` } });

describe('API access', () => {
  it('makes a token shown once, which works until it is revoked', async () => {
    const { page } = session;
    const member = await createMember('api-access', { premium: true });
    const scripts = recordScripts(page);
    await signIn(page, member);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Manage API tokens and webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'API access' }).waitFor();

    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('You have no API tokens.').waitFor();
    await tokens.getByLabel('Name').fill('ServiceM8');
    await tokens.getByLabel('Access').selectOption({ label: 'Read only' });
    await tokens.getByLabel('Expires after').selectOption({ label: '30 days' });
    await tokens.getByRole('button', { name: 'Create token' }).click();

    const shown = tokens.getByLabel('Your new API token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^tcat_/);
    await tokens.getByRole('button', { name: 'Copy' }).click();
    await tokens.getByText(/^(Copied\.|Copying is not available here: select the text and copy it\.)$/).waitFor();
    expect((await profileWith(token)).status).toBe(200);
    // The token, however long, does not push the page sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await tokens.getByRole('button', { name: 'I have kept it' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    const listed = page.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem');
    await listed.filter({ hasText: 'ServiceM8' }).waitFor();
    expect(await listed.textContent()).toContain('Read only');
    expect(await page.content()).not.toContain(token);

    await page.getByRole('button', { name: 'Revoke token: ServiceM8' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await toastTitled(page, 'Token revoked').waitFor();
    await page.getByText('You have no API tokens.').waitFor();
    expect((await profileWith(token)).status).toBe(401);

    // A webhook on a private address is refused (checked without connecting), saying what to do, and the URL stays.
    session.allowConsoleErrors(/status of 422/);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByLabel('URL').fill('https://10.0.0.1/hook');
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    await webhooks
      .getByText(
        'That webhook URL points to a private or local network address. Use an address reachable on the public internet.',
      )
      .waitFor();
    expect(await webhooks.getByLabel('URL').inputValue()).toBe('https://10.0.0.1/hook');

    // PRODUCT.md, Budgets: a signed-in page loads at most 220 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(220);
  });

  it('enables a disabled webhook endpoint and rotates a secret, shown once, by keyboard', async () => {
    const { page } = session;
    const member = await createMember('api-hooks', { premium: true });
    const disabledAt = new Date(Date.now() - 60 * 60 * 1000);
    const off = await insertWebhookEndpoint(member, 'https://hooks.example.com/off', disabledAt);
    const on = await insertWebhookEndpoint(member, 'https://hooks.example.com/on');
    await signIn(page, member);
    await page.goto('/profile/api');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    const offCard = webhooks.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/off' });
    await offCard.getByText(/^Turned off$/).waitFor();
    expect(await offCard.textContent()).toContain('because deliveries kept failing every attempt');

    await offCard.getByRole('button', { name: 'Enable endpoint https://hooks.example.com/off' }).focus();
    await page.keyboard.press('Enter');
    const notice = offCard.getByText('Turned back on: new events are sent to it again.');
    await notice.waitFor();
    expect(await offCard.getByText(/^Turned off$/).count()).toBe(0);
    // The focus the button had is on the news, not lost to the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Turned back on');
    const listed = await memberApi<{ endpoints: Array<{ id: string; disabled_at: string | null }> }>(
      member,
      'GET',
      '/api/webhooks',
    );
    expect(listed.endpoints.find((endpoint) => endpoint.id === off)?.disabled_at).toBeNull();

    const onCard = webhooks.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/on' });
    await onCard.getByRole('button', { name: 'Rotate secret of endpoint https://hooks.example.com/on' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rotate this endpoint’s secret?' });
    await dialog.waitFor();
    // The dialog opens on the safe choice; the next stop rotates.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const shown = onCard.getByLabel('Your endpoint’s new signing secret');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toBe(await webhookSecretOf(on, 2));
    expect(secret).not.toBe(await webhookSecretOf(on, 1));
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(secret);
    await onCard.getByText(/^The previous secret also works until /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await onCard.getByRole('button', { name: 'I have kept it' }).focus();
    await page.keyboard.press('Enter');
    await page.reload();
    await webhooks.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/on' }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('shows a free member the way to Premium instead of the forms', async () => {
    const { page } = session;
    const member = await createMember('api-free');
    await signIn(page, member);
    await page.goto('/profile/api');
    await page
      .getByText('Premium Feature: API access requires a premium subscription. Please upgrade to access this feature.')
      .waitFor();
    await page.getByRole('link', { name: 'See Premium' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create token' }).count()).toBe(0);
  });
});
