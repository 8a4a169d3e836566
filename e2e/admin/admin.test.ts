import { describe, expect, it } from 'vitest';
import { E2E_ADMIN_EMAIL } from '../support/admin-account.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember, type Member, signIn, toastTitled } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/** PRODUCT.md, Contact and Admin: a message from /contact reaches the console; only admins get in. */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

let adminMember: Promise<Member> | undefined;
/** The one admin account (ADMIN_EMAILS in global-setup), made once for the file. */
const theAdmin = () => {
  adminMember ??= createMember('admin', { email: E2E_ADMIN_EMAIL });
  return adminMember;
};

describe('contact', () => {
  it('sends a message from /contact that an admin reads on /admin and marks handled', async () => {
    const { page } = session;
    const scripts = recordScripts(page);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter your name.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const sender = `Robin ${Date.now()}`;
    await page.getByLabel('Your name').fill(sender);
    await page.getByLabel('Email').fill('robin@builder.example.com');
    await page.getByLabel('Company (optional)').fill('Robin Builds');
    await page.getByLabel('Message').fill('Do you support cover sheets for SWMS?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText("Thanks, your message has been sent. We'll reply by email").waitFor();

    const admin = await theAdmin();
    await signIn(page, admin);
    // An admin finds the console from the menu.
    await page.locator('header a[href="/admin"]').first().waitFor({ state: 'attached' });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    const message = page.getByRole('article', { name: `Message from ${sender}` });
    await message.getByText('Do you support cover sheets for SWMS?').waitFor();
    await page.getByRole('button', { name: `Mark handled: message from ${sender}` }).click();
    await message.getByText(/^Handled /).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('admin', () => {
  it('tells a user who is not an admin they are not authorised, and the API refuses them', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    const member = await createMember('not-admin');
    await signIn(page, member);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Users' }).count()).toBe(0);

    for (const path of ['/api/admin/users', '/api/admin/contact-messages', '/api/admin/stats/monthly']) {
      const response = await fetch(url(path), { headers: { authorization: `Bearer ${member.accessToken}` } });
      expect(response.status, path).toBe(403);
    }
  });

  it('grants Premium with a reason, and that user can then edit a certificate', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    const member = await createMember('comp');
    const certificate = await createCompletedCertificate(member, '21 Jetty Rd, Rozelle');
    const edit = () =>
      fetch(url(`/api/certificates/${certificate.id}`), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ areas: 'Balcony and planter box', revision: certificate.revision }),
      });
    expect((await edit()).status).toBe(403);

    await signIn(page, await theAdmin());
    await page.goto('/admin');
    await page.getByLabel('Search by email or company').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Grant Premium: ${member.email}` }).click();
    const reason = page.getByLabel(`Reason to grant complimentary Premium for ${member.email}`);
    await page.getByRole('button', { name: 'Grant Premium', exact: true }).click();
    await page.getByText('Give a reason: it is kept in the audit log.').waitFor();
    await reason.fill('Trade show prize');
    await page.getByRole('button', { name: 'Grant Premium', exact: true }).click();
    await page.getByText('Premium (complimentary)').waitFor();
    await page.getByRole('button', { name: `Revoke complimentary Premium: ${member.email}` }).waitFor();

    // A user who pays for Premium is offered neither: there is nothing to grant, nor to revoke.
    const paying = await createMember('paying', { premium: true });
    await page.getByLabel('Search by email or company').fill(paying.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(paying.email).waitFor();
    await page.getByText('Premium (paid)').waitFor();
    expect(await page.getByRole('button', { name: /Premium: / }).count()).toBe(0);

    // The member, on their own device, edits the certificate in the app.
    const memberContext = await session.newContext();
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, member);
    await memberPage.goto(`/certificates/edit/${certificate.id}`);
    await memberPage.getByLabel('Areas').fill('Balcony and planter box');
    await memberPage.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(memberPage, 'Certificate updated').waitFor();
    await memberPage.getByText('Balcony and planter box').waitFor();
  });
});
