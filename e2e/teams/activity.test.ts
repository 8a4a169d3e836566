import type { Certificate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { addMemberTo, createMember, memberApi, signIn, toastTitled } from '../support/members.ts';

// The Bar: a phone's 375 px screen.
const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

describe("the owner's activity view", () => {
  it('shows the owner which field member issued which certificate, with a link to it', async () => {
    const owner = await createMember('activity-owner');
    const field = await addMemberTo(owner, 'field', 'activity-field');
    const fieldName = 'Riley Field';
    await memberApi(field, 'PATCH', '/api/profile', { applicator_name: fieldName });

    // The field member, on site, completes a certificate.
    const phone = await (await session.newContext()).newPage();
    await signIn(phone, field);
    await phone.goto('/certificates/new');
    await fillJobDetails(phone, '3 Wattle Lane, Katoomba NSW 2780');
    await phone.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(phone, 'Certificate created').waitFor();
    await phone.waitForURL(certificatePage);
    const id = new URL(phone.url()).pathname.split('/').at(-1) ?? '';
    const { certificate_number: number } = await memberApi<Certificate>(field, 'GET', `/api/certificates/${id}`);
    expect(number).toMatch(/^WPC-\d{4}-0001$/);

    // The field member has no way to the activity; the owner finds it on the Team page.
    await phone.goto('/team');
    await phone.getByRole('heading', { level: 2, name: 'Members' }).waitFor();
    expect(await phone.getByRole('link', { name: 'Activity' }).count()).toBe(0);

    const { page } = session;
    await signIn(page, owner);
    await page.goto('/team');
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(url('/team/activity'));
    const activity = page.getByRole('list', { name: 'Activity' });
    await activity.getByText(`${fieldName} issued certificate ${number}`).waitFor();
    expect(await page.getByLabel('Member').isVisible()).toBe(true);
    expect(await page.getByLabel('Kind of record').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // Only the owner's own doings: none yet.
    await page.getByLabel('Member').selectOption({ label: 'Sam Citizen' });
    await page.getByText('Nothing matches').waitFor();
    await page.getByLabel('Member').selectOption({ label: 'Everyone' });

    await activity.getByRole('link', { name: `Open certificate ${number}` }).click();
    await page.waitForURL(url(`/certificates/${id}`));
    await page.getByText(`Certificate number ${number}`).waitFor();
  });
});
