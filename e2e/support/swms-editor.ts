import type { Page } from 'playwright-core';

/** The SWMS editor's sections, as its section list names them. */
type SwmsSection = 'Details' | 'High-risk work' | 'Job steps' | 'PPE and plant' | 'People and emergency' | 'Review';

/** The SWMS editor shows one section at a time: jumps to one from its list and waits for its heading. */
export async function openSwmsSection(page: Page, section: SwmsSection) {
  await page.getByRole('navigation', { name: 'SWMS sections' }).getByRole('link', { name: section }).click();
  await page.getByRole('heading', { level: 2, name: section }).waitFor();
}
