import type { Certificate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { addMemberTo, createMember, memberApi, signIn, toastTitled } from '../support/members.ts';

// The Bar: a phone's 375 px screen.
const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

describe('office reviews before issue', () => {
  it("keeps a field member's certificate waiting for review until the office member issues it", async () => {
    const owner = await createMember('review-owner', { premium: true }); // three people: Premium's seats (ADR 0077)
    const office = await addMemberTo(owner, 'office', 'review-office');
    const field = await addMemberTo(owner, 'field', 'review-field');
    await memberApi(office, 'PATCH', '/api/team/settings', { review_before_issue: true });
    const address = '9 Banksia Rise, Leura NSW 2780';
    const draft = await memberApi<Certificate>(field, 'POST', '/api/certificates', {
      user_id: field.userId,
      standards: ['AS 3740-2021'],
      job_site_address: address,
      installation_date: '2026-11-20',
      areas: 'Ensuite: shower recess and floor',
      materials_used: 'Ardex WPM 300',
      status: 'draft',
    });

    // The field member's Complete is a submit for review; then the certificate waits, closed to them.
    const { page } = session;
    await signIn(page, field);
    await page.goto(`/certificates/edit/${draft.id}`);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await toastTitled(page, 'Submitted for review').waitFor();
    await page.waitForURL(url(`/certificates/${draft.id}`));
    await page.getByText('Waiting for review.').waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The office member finds it under In review and issues it.
    const officePage = await (await session.newContext()).newPage();
    await signIn(officePage, office);
    await officePage.goto('/certificates');
    await officePage.getByLabel('Status').selectOption({ label: 'In review' });
    await officePage.waitForURL(/status=in_review/);
    await officePage.getByText(address).first().click();
    await officePage.waitForURL(url(`/certificates/${draft.id}`));
    await officePage.getByRole('button', { name: 'Issue', exact: true }).click();
    await toastTitled(officePage, 'Certificate updated').waitFor();

    const issued = await memberApi<Certificate>(office, 'GET', `/api/certificates/${draft.id}`);
    expect(issued.status).toBe('completed');
    expect(issued.certificate_number).toMatch(/^WPC-\d{4}-0001$/);
    const usage = await memberApi<{ completed: number }>(owner, 'GET', '/api/certificates/usage');
    expect(usage.completed).toBe(1);
  });
});
