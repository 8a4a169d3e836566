import type { Page } from 'playwright-core';

/** Where the app lands after saving: a certificate's own page. */
export const certificatePage = /\/certificates\/[0-9a-f-]{36}$/;

/** Fills the job details a completed certificate needs. */
export async function fillJobDetails(page: Page, address: string) {
  await page.getByRole('checkbox', { name: 'AS 3740-2021' }).check();
  await page.getByLabel('Job site address').fill(address);
  await page.getByLabel('Areas').fill('Ensuite: shower recess and floor');
}
