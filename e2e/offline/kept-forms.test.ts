import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { createCompletedCertificate, createMember, signIn } from '../support/members.ts';

/*
 * "Nothing typed is lost" (ADR 0034): a form keeps its typing on the phone as it changes, offers it
 * back after a reload, and asks before the app leaves it unsaved. At 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

describe('a form keeps what was typed on this phone', () => {
  it('offers the typing back after a reload, and asks before leaving it unsaved', async () => {
    const { page } = session;
    const member = await createMember('kept-forms', { premium: true });
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByRole('link', { name: 'New certificate' }).first().click();
    await fillJobDetails(page, '3 Reload Rd, Penrith NSW 2750');

    // Back, with unsaved typing: the app asks, and staying keeps the form as it is.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(`${session.baseUrl}/certificates/new`);
    expect(await page.getByLabel('Job site address').inputValue()).toBe('3 Reload Rd, Penrith NSW 2750');

    await page.reload();
    const offer = page.getByText(/You have changes from .* that were not saved/);
    await offer.waitFor();
    expect(await page.getByLabel('Job site address').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.getByLabel('Job site address').inputValue()).toBe('3 Reload Rd, Penrith NSW 2750');
    expect(await page.getByLabel('Areas').inputValue()).toBe('Ensuite: shower recess and floor');
    expect(await offer.count()).toBe(0);

    // Saving forgets the kept typing and leaves without asking.
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(certificatePage);
    await page.goto('/certificates/new');
    await page.getByLabel('Job site address').waitFor();
    expect(await offer.count()).toBe(0);
  });

  it('forgets the typing when the user discards it', async () => {
    const { page } = session;
    const member = await createMember('kept-discard', { premium: true });
    await signIn(page, member);
    await page.goto('/certificates/new');
    await page.getByLabel('Job site address').fill('9 Discard Ave, Ryde NSW 2112');
    await page.reload();
    await page.getByRole('button', { name: 'Discard them' }).click();
    await page.reload();
    await page.getByLabel('Job site address').waitFor();
    expect(await page.getByText(/that were not saved/).count()).toBe(0);
    expect(await page.getByLabel('Job site address').inputValue()).toBe('');
  });

  it('keeps the company profile typing too, until it is saved', async () => {
    const { page } = session;
    const member = await createMember('kept-profile');
    await signIn(page, member);
    await page.goto('/profile');
    await page.getByLabel('Company name').fill('Basement Waterproofing Pty Ltd');
    await page.reload();
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Basement Waterproofing Pty Ltd');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Basement Waterproofing Pty Ltd');
    expect(await page.getByText(/that were not saved/).count()).toBe(0);
  });

  it('keeps the signers typed into "Send for signing", company included, until they are sent', async () => {
    const { page } = session;
    const member = await createMember('kept-signers');
    const certificate = await createCompletedCertificate(member, '6 Kept Lane, Kiama NSW 2533');
    await signIn(page, member);
    await page.goto(`/certificates/${certificate.id}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    const email = uniqueEmail('kept-signer');
    const first = panel.getByRole('group', { name: 'Signer 1' });
    await first.getByLabel('Name').fill('Casey Certifier');
    await first.getByLabel('Email').fill(email);
    await first.getByLabel('Company (optional)').fill('Harbour Certifiers Pty Ltd');
    await panel.getByRole('button', { name: 'Add another signer' }).click();
    await panel.getByRole('group', { name: 'Signer 2' }).getByLabel('Name').fill('Blair Builder');

    await page.reload();
    await panel.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await first.getByLabel('Name').inputValue()).toBe('Casey Certifier');
    expect(await first.getByLabel('Email').inputValue()).toBe(email);
    expect(await first.getByLabel('Company (optional)').inputValue()).toBe('Harbour Certifiers Pty Ltd');
    expect(await panel.getByRole('group', { name: 'Signer 2' }).getByLabel('Name').inputValue()).toBe('Blair Builder');

    // Sent, the rows are forgotten: a reload offers nothing back.
    await panel.getByRole('button', { name: 'Remove signer 2' }).click();
    await panel.getByRole('button', { name: 'Send for signing' }).click();
    await panel.getByText('Casey Certifier', { exact: true }).waitFor();
    await page.reload();
    await panel.getByRole('group', { name: 'Signer 1' }).getByLabel('Name').waitFor();
    expect(await panel.getByText(/that were not saved/).count()).toBe(0);
    expect(await first.getByLabel('Name').inputValue()).toBe('');
  });
});

describe('the new-certificate form on the free plan', () => {
  it('says where the month stands before anything is typed, and at the limit says so first', async () => {
    const { page } = session;
    const member = await createMember('month-at-limit');
    await signIn(page, member);
    await page.goto('/certificates/new');
    const month = page.getByRole('region', { name: 'This month' });
    await month.getByText('0 of 5 completed certificates used this month on the free plan.').waitFor();
    await expectAboveFirstField(page, month);

    for (let i = 1; i <= 5; i += 1) await createCompletedCertificate(member, `${i} Limit St, Liverpool NSW 2170`);
    await page.reload();
    await month.getByText(/You have reached this month’s limit/).waitFor();
    await expectAboveFirstField(page, month);
    await month.getByRole('link', { name: 'Upgrade to Premium' }).waitFor();
    // ...and what the work can still become: a draft in the account, by the button of that name.
    await month.getByText(/tap “Save draft”: it is saved to your account, not counted/).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
  });

  it('shows a Premium user no month box: the plan has no monthly limit', async () => {
    const { page } = session;
    const member = await createMember('month-premium', { premium: true });
    await signIn(page, member);
    await page.goto('/certificates/new');
    await page.getByLabel('Job site address').waitFor();
    // The form opens only once the profile, and so the plan, is known.
    expect(await page.getByRole('region', { name: 'This month' }).count()).toBe(0);
    expect(await page.getByText(/completed certificates used this month/).count()).toBe(0);
  });
});

/** The month's box comes before the form's first field, where a free user reads first. */
async function expectAboveFirstField(page: Page, month: Locator) {
  const monthTop = (await month.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const firstFieldTop = (await page.getByLabel('Job site address').boundingBox())?.y ?? 0;
  expect(monthTop).toBeLessThan(firstFieldTop);
}
