import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { cutOffSideways } from '../support/keyboard-and-zoom.ts';
import {
  addMemberTo,
  createCompletedCertificate,
  createMember,
  memberApi,
  signIn,
  toastTitled,
} from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/** Premium in billing's TEST MODE (no Stripe configured, the default): the whole loop offline. */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

describe('pricing', () => {
  it('shows a visitor Free and Premium side by side, in AUD incl. GST, leading to sign-up', async () => {
    const { page } = session;
    const scripts = recordScripts(page);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);
    await page.getByRole('heading', { level: 2, name: 'Free' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Premium' }).waitFor();
    await page.getByText('$19 a month').waitFor();
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await page.getByText('$190 a year').waitFor();
    expect(await page.getByText('AUD incl. GST').count()).toBe(2);
    await page.getByRole('link', { name: 'Sign up to go Premium' }).click();
    await page.waitForURL(url('/register'));
  });
});

describe('pricing for office and field members', () => {
  it('tells them their business’s plan and that only the owner changes it, with nothing to buy', async () => {
    const { page } = session;
    const owner = await createMember('pricing-free-owner');
    const office = await addMemberTo(owner, 'office', 'pricing-office');
    await signIn(page, office);
    await page.goto('/pricing');
    const premiumCard = page.getByRole('region', { name: 'Premium' });
    await premiumCard.getByText('Your business is on the free plan.', { exact: true }).waitFor();
    await premiumCard
      .getByText('Only the owner of your business can upgrade it to Premium.', { exact: true })
      .waitFor();
    expect(await page.getByLabel('Extra members').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Upgrade to Premium/ }).count()).toBe(0);
    expect(await cutOffSideways(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // A field member of a Premium business is told it has Premium, and is offered nothing to manage.
    const premiumOwner = await createMember('pricing-premium-owner', { premium: true });
    const field = await addMemberTo(premiumOwner, 'field', 'pricing-field');
    const fieldPage = await (await session.newContext()).newPage();
    await signIn(fieldPage, field);
    await fieldPage.goto('/pricing');
    const fieldCard = fieldPage.getByRole('region', { name: 'Premium' });
    await fieldCard.getByText('Your business has Premium.', { exact: true }).waitFor();
    await fieldCard.getByText('Only the owner of your business can change or cancel it.', { exact: true }).waitFor();
    expect(await fieldPage.getByRole('link', { name: /manage it/ }).count()).toBe(0);
    expect(await fieldPage.getByLabel('Extra members').count()).toBe(0);
    expect(await cutOffSideways(fieldPage)).toEqual([]);

    // Nor does the profile's plan summary offer them a subscription page they would be refused.
    await fieldPage.goto('/profile');
    await fieldPage.getByText('Only the owner of your business can change or cancel it.', { exact: true }).waitFor();
    expect(await fieldPage.getByRole('link', { name: 'Manage subscription' }).count()).toBe(0);
  });
});

describe('a yearly subscriber in test mode', () => {
  it('is priced by the year when changing the extra members, whatever the manage link carries', async () => {
    const { page } = session;
    const owner = await createMember('billing-yearly');
    await signIn(page, owner);
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await page.getByRole('button', { name: 'Upgrade to Premium, $190 a year' }).click();
    await page.waitForURL(/\/billing\/test-checkout\?interval=yearly/);
    await page.getByRole('button', { name: 'Complete test purchase' }).click();
    await toastTitled(page, 'Welcome to Premium').waitFor();

    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Manage billing (card, invoices, seats)' }).click();
    // The manage link names no interval: the price comes from what was bought.
    await page.waitForURL(/\/billing\/test-checkout\?manage=1/);
    expect(page.url()).not.toContain('interval=');
    await page.getByText(/Each extra member is \$50 a year, up to 95\.$/).waitFor();
    expect(await page.getByText(/\$5 a month/).count()).toBe(0);
  });
});

describe('upgrading in test mode', () => {
  it('takes a free user at the monthly limit to Premium and back, then "end now" makes them free again', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    const member = await createMember('billing-upgrade');
    for (const n of [1, 2, 3, 4, 5]) await createCompletedCertificate(member, `${n} Pitt St, Sydney`);
    await signIn(page, member);

    await page.goto('/certificates/new');
    await fillJobDetails(page, '6 Pitt St, Sydney');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Monthly limit reached').waitFor();

    // The upgrade link goes to /pricing, remembering the form: the typing stays on the phone.
    await page.getByRole('link', { name: 'See Premium plans' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/pricing?return_to=%2Fcertificates%2Fnew'));
    // The owner buys two members beyond Premium's five; the field's label stays in sight on a phone.
    await page.getByText('Extra members', { exact: true }).waitFor({ state: 'visible' });
    await page.getByText(/Each extra member is \$5 a month, up to 95\.$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Extra members').fill('2');
    await page.getByRole('button', { name: 'Upgrade to Premium, $29 a month' }).click();

    await page.waitForURL(/\/billing\/test-checkout\?.*extra_seats=2/);
    await page.getByText(/^TEST MODE/).waitFor();
    await page.getByText(/\$29 AUD incl\. GST, with 2 extra seats\./).waitFor();
    await page.getByRole('button', { name: 'Complete test purchase' }).click();
    await toastTitled(page, 'Welcome to Premium').waitFor();
    await page.waitForURL(url('/certificates/new'));

    // The 6th certificate this month: back on the form, what was typed comes back.
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.getByLabel('Job site address').inputValue()).toBe('6 Pitt St, Sydney');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Certificate created').waitFor();
    await page.waitForURL(certificatePage);
    const id = page.url().split('/').at(-1) ?? '';

    // Premium edits...
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(url(`/certificates/edit/${id}`));
    await page.getByLabel('Areas').fill('Ensuite and laundry');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Certificate updated').waitFor();
    await page.waitForURL(url(`/certificates/${id}`));
    await page.getByText('Ensuite and laundry').waitFor();

    // ...and deletes.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete permanently' }).click();
    await toastTitled(page, 'Certificate deleted').waitFor();
    await page.waitForURL(url('/certificates'));

    // The subscription page: Premium, its renewal and this month's usage.
    await page.goto('/subscription');
    await page.getByText(/^Premium renews on /).waitFor();
    await page.getByText(/completed certificates this month, with no limit\./).waitFor();
    await page.getByText(/^1 of 7 seats used/).waitFor();
    await page.getByText(/^TEST MODE/).waitFor();
    await page.goto('/team');
    await page.getByText('1 of 7 seats used', { exact: true }).waitFor();
    await page.goto('/subscription');

    // Test mode's "manage" page: the owner changes the extra members as Stripe's portal changes the
    // quantity, then ends Premium at once.
    await page.getByRole('button', { name: 'Manage billing (card, invoices, seats)' }).click();
    await page.waitForURL(/\/billing\/test-checkout\?manage=1/);
    await page.getByText(/^TEST MODE/).waitFor();
    expect(await page.getByLabel('Extra members').inputValue()).toBe('2');
    await page.getByLabel('Extra members').fill('3');
    await page.getByRole('button', { name: 'Change members' }).click();
    await toastTitled(page, 'Members changed').waitFor();
    const team = await memberApi<{ seats: { included: number; extra: number } }>(member, 'GET', '/api/team');
    expect(team.seats).toMatchObject({ included: 8, extra: 3 });
    await page.getByRole('button', { name: 'End now' }).click();
    await toastTitled(page, 'Premium ended').waitFor();

    await page.goto('/subscription');
    await page.getByText('You are on the free plan.').waitFor();
    await page.getByText('5 of 5 completed certificates this month.').waitFor();
    await page.getByText(/^1 of 2 seats used: /).waitFor();

    await expect(createCompletedCertificate(member, '7 Pitt St, Sydney')).rejects.toThrow(/answered 403/);
    const [first] = (await memberApi<{ items: Array<{ id: string }> }>(member, 'GET', '/api/certificates')).items;
    await expect(
      memberApi(member, 'PATCH', `/api/certificates/${first?.id}`, { areas: 'x', revision: 0 }),
    ).rejects.toThrow(/Premium subscription required to update certificates/);
    await page.goto(`/certificates/edit/${first?.id}`);
    await page.getByText('Premium subscription required to update certificates').waitFor();
  });
});

describe('/webhook-test', () => {
  it('shows a visitor that billing runs in test mode', async () => {
    const { page } = session;
    await page.goto('/webhook-test');
    await page.getByText('Not configured: billing runs in TEST MODE').waitFor();
    expect(await page.getByRole('button', { name: 'Send a signed test event' }).count()).toBe(0);
  });
});
