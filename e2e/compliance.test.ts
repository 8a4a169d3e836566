import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { createMember, signIn } from './support/members.ts';
import { gzippedKilobytes, recordScripts } from './support/script-weight.ts';

/*
 * Issue 24, /compliance: the standards certificates name and the built-in checklist templates,
 * each item with its rule in words, at 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

describe('/compliance', () => {
  it('shows the standards and previews each checklist template, its falls following the NCC edition', async () => {
    const { page } = session;
    const member = await createMember('compliance');
    const scripts = recordScripts(page);
    await signIn(page, member);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();

    const standards = page.getByRole('region', { name: 'Standards' });
    for (const name of [
      'AS 3740-2021',
      'AS 4654.1-2012',
      'AS 4654.2-2012',
      'AS/NZS 4858:2004',
      'NCC Housing Provisions Part 10.2',
    ]) {
      await standards
        .getByRole('heading', { level: 3, name: new RegExp(`^${name.replaceAll('.', '\\.')}:`) })
        .waitFor();
    }

    const templates = page.getByRole('region', { name: 'Checklist templates' });
    await templates.getByText('Internal wet area', { exact: true }).click();
    const substrate = templates.getByRole('table', { name: 'Internal wet area: Substrate' });
    const fallRule = substrate.getByRole('row', { name: /Shower floor fall to the waste/ });
    expect(await fallRule.getByRole('cell').nth(1).textContent()).toBe('Between 1:80 and 1:50 (NCC 2022)');
    await templates.getByLabel('NCC edition the building was approved under').selectOption('2016');
    expect(await fallRule.getByRole('cell').nth(1).textContent()).toBe('Between 1:80 and 1:60 (NCC 2016)');

    await templates.getByText('Flood test record', { exact: true }).click();
    const end = templates.getByRole('table', { name: 'Flood test record: End' });
    await end.getByRole('row', { name: /Water level at the end Photo of the flood test end stage/ }).waitFor();

    // PRODUCT.md, Budgets: a signed-in page loads at most 220 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(220);
  });
});
