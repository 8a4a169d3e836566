import { errorCodes } from '@app/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balconyTemplate } from '../../apps/server/test/support/checklist-templates.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import {
  createCompletedCertificate,
  createMember,
  insertWebhookEndpoint,
  memberApi,
  signIn,
  toastTitled,
} from '../support/members.ts';

/*
 * A toast is gone after 2 s (PRODUCT.md, States). An outcome that matters is also shown on the page (ADR 0053),
 * so a user who looked away, or whose screen reader was busy, still finds it: each test waits until
 * the toast has gone, then looks on the page.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

/** Answers every matching request with a 503 in the API's error shape. */
const breakRequests = (page: Page, url: string, method: string) =>
  page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: errorCodes.serviceUnavailable, message: 'Down for maintenance.' } }),
        })
      : route.fallback(),
  );

/** Waits for the toast titled `title` to show and then to go. */
async function toastCameAndWent(page: Page, title: string) {
  await toastTitled(page, title).waitFor();
  await toastTitled(page, title).waitFor({ state: 'detached', timeout: 15_000 });
}

describe('an outcome is still on the page after its toast has gone', () => {
  it('a saved profile says when it was saved, by its button', async () => {
    const { page } = session;
    await signIn(page, await createMember('outcome-profile'));
    await page.goto('/profile');
    await page.getByLabel('Company name').fill('Kept Dry Pty Ltd');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toastCameAndWent(page, 'Profile saved');
    await page
      .getByRole('main')
      .getByText(/^Saved at \d{1,2}:\d{2}\s?[ap]m\.$/i)
      .waitFor();
  });

  it('a bundle that was not created says so on the page', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    await signIn(page, await createMember('outcome-bundle'));
    await page.goto('/bundles');
    await page.getByRole('button', { name: 'Create bundle' }).click();
    await toastCameAndWent(page, 'Bundle not created');
    await page.getByRole('main').getByText('Bundle not created.', { exact: true }).waitFor();
  });

  it('a certificate that could not be deleted says why beside its actions', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-delete', { premium: true });
    const certificate = await createCompletedCertificate(member, '4 Ridge Rd, Orange NSW 2800');
    await signIn(page, member);
    await breakRequests(page, `**/api/certificates/${certificate.id}`, 'DELETE');
    await page.goto(`/certificates/${certificate.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this certificate?' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    await toastCameAndWent(page, 'Delete failed');
    const main = page.getByRole('main');
    await main.getByText('Delete failed.', { exact: true }).waitFor();
    await main.getByText('Down for maintenance.').waitFor();
  });

  it("a signing link that could not be sent again says so on the signer's row", async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-resend');
    const certificate = await createCompletedCertificate(member, '8 Vale St, Bathurst NSW 2795');
    await memberApi(member, 'POST', `/api/signing/documents/certificate/${certificate.id}/requests`, {
      signers: [{ name: 'Rory Resend', email: uniqueEmail('outcome-resend-signer') }],
    });
    await signIn(page, member);
    await breakRequests(page, '**/api/signing/requests/*/resend', 'POST');
    await page.goto(`/certificates/${certificate.id}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByRole('button', { name: 'Resend to Rory Resend' }).click();
    await toastCameAndWent(page, 'That did not work');
    const row = panel.getByRole('listitem').filter({ hasText: 'Rory Resend' });
    await row.getByText('Not sent again.', { exact: true }).waitFor();
    await row.getByText('Down for maintenance.').waitFor();
  });

  it('a SWMS PDF that could not be made says so under the title, and the button shows its progress', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-swms-pdf');
    const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', { starter: 'waterproofing' });
    await signIn(page, member);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**/api/swms/${swms.id}/pdf*`, async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: errorCodes.serviceUnavailable, message: 'Down for maintenance.' } }),
      });
    });
    await page.goto(`/swms/${swms.id}`);
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('button', { name: 'Preparing PDF...' }).waitFor();
    answer();
    await toastCameAndWent(page, 'Download failed');
    const main = page.getByRole('main');
    await main.getByText('Download failed.', { exact: true }).waitFor();
    await main.getByRole('button', { name: 'Download PDF' }).waitFor();
  });

  it('an API token that could not be revoked says why in its dialog, which stays open', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-token', { premium: true });
    await memberApi(member, 'POST', '/api/api-tokens', { name: 'Site laptop', scope: 'read', expires_in_days: 90 });
    await signIn(page, member);
    await breakRequests(page, '**/api/api-tokens/*', 'DELETE');
    await page.goto('/profile/api');
    await page.getByRole('button', { name: 'Revoke token: Site laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Revoke failed. Down for maintenance.' }).waitFor();
    // Asked again, the dialog starts without the old answer.
    await dialog.press('Escape');
    await page.getByRole('button', { name: 'Revoke token: Site laptop' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this token?' })
      .getByRole('button', { name: 'Revoke token' })
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('alert').count()).toBe(0);
  });

  it('a webhook secret that could not be rotated says why in its dialog, and the next try starts clean', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-rotate', { premium: true });
    await insertWebhookEndpoint(member, 'https://hooks.example.com/rotate');
    await signIn(page, member);
    await breakRequests(page, '**/api/webhooks/*/rotate-secret', 'POST');
    await page.goto('/profile/api');
    const rotate = page.getByRole('button', { name: 'Rotate secret of endpoint https://hooks.example.com/rotate' });
    await rotate.click();
    const dialog = page.getByRole('dialog', { name: 'Rotate this endpoint’s secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'We could not rotate it. Down for maintenance.' }).waitFor();
    await dialog.getByRole('button', { name: 'Keep current secret' }).click();
    await rotate.click();
    await dialog.getByRole('button', { name: 'Rotate secret' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('a template that could not be deleted says why in its dialog, which stays open', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const member = await createMember('outcome-template', { premium: true });
    await memberApi(member, 'POST', '/api/checklist-templates', balconyTemplate());
    await signIn(page, member);
    await breakRequests(page, '**/api/checklist-templates/*', 'DELETE');
    await page.goto('/compliance');
    const yours = page.getByRole('region', { name: 'Your templates' });
    await yours.getByText('Balcony procedure', { exact: true }).click();
    await yours.getByRole('button', { name: 'Delete template: Balcony procedure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Delete failed. Down for maintenance.' }).waitFor();
    await dialog.getByRole('button', { name: 'Keep template' }).waitFor();
  });
});
