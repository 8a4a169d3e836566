import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  addMemberTo,
  createCompletedCertificate,
  createMember,
  memberApi,
  signIn,
  toastTitled,
} from '../support/members.ts';

/*
 * Seats after a lapse (ADR 0077, slice 7), at 375 px: a business of three ends Premium in test
 * mode, so the free plan's two seats go to the owner and the first to join; the third reads only.
 * The owner gives the third member the seat on /team, and the server holds the new choice.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

const memberRow = (page: Page, email: string) =>
  page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email });

describe('the owner picks who keeps a seat', () => {
  it('after Premium ends, gives the seat to the member who read only, and the server holds it', async () => {
    const { page } = session;
    const owner = await createMember('seats-owner', { profile: { applicator_name: 'Pat Owner' } });
    await memberApi(owner, 'POST', '/api/billing/test/complete', { interval: 'monthly' });
    const office = await addMemberTo(owner, 'office', 'seats-office');
    const field = await addMemberTo(owner, 'field', 'seats-field');
    // Named apart, as the page names members by their printed name.
    await memberApi(office, 'PATCH', '/api/profile', { applicator_name: 'Olive Office' });
    await memberApi(field, 'PATCH', '/api/profile', { applicator_name: 'Finn Field' });
    await memberApi(owner, 'POST', '/api/billing/test/end-now');

    // The lapse removed no one: the field member, last to join, is past the free plan's two seats.
    await expect(createCompletedCertificate(field, '1 Seat St, Sydney')).rejects.toThrow(/answered 403.*seat_required/);

    await signIn(page, owner);
    await page.goto('/team');
    await page.getByText('3 of 2 seats used', { exact: true }).waitFor();
    await memberRow(page, field.email).getByText('Read only: no seat').waitFor();
    expect(await memberRow(page, office.email).getByText('Read only: no seat').count()).toBe(0);

    const choice = page.getByRole('group', { name: 'Members who keep a seat' });
    const officeBox = choice.getByRole('checkbox', { name: 'Olive Office' });
    const fieldBox = choice.getByRole('checkbox', { name: 'Finn Field' });
    expect(await choice.getByRole('checkbox', { name: 'Pat Owner (you)' }).isDisabled()).toBe(true);
    expect(await officeBox.isChecked()).toBe(true);
    // No more boxes than seats: the third cannot be checked until someone else is unchecked.
    expect(await fieldBox.isDisabled()).toBe(true);
    await officeBox.uncheck();
    await fieldBox.check();
    await page.getByText('2 of 2 seats chosen, you included.').waitFor();
    await page.getByRole('button', { name: 'Save who keeps a seat' }).click();
    await toastTitled(page, 'Seats saved').waitFor();

    await memberRow(page, office.email).getByText('Read only: no seat').waitFor();
    expect(await memberRow(page, field.email).getByText('Read only: no seat').count()).toBe(0);
    await page.reload();
    await memberRow(page, office.email).getByText('Read only: no seat').waitFor();

    // The server holds the choice: the field member now writes, the office member reads only.
    await createCompletedCertificate(field, '2 Seat St, Sydney');
    await expect(createCompletedCertificate(office, '3 Seat St, Sydney')).rejects.toThrow(
      /answered 403.*seat_required/,
    );
  });
});
