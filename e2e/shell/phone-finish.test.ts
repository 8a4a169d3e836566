import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { createCompletedCertificate, createMember, signIn, toastTitled } from '../support/members.ts';

/*
 * The phone finish (ADR 0067): checklists folded by stage, one open, short enough to fill at 375 px;
 * labels that never break inside a word; the picture sign, the PDF picker and the signature pad.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

/** The words of `element`'s text that the layout split across lines (each word's range has rects on one line). */
function wordsBrokenAcrossLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    // A tab label or a unit is a handful of text nodes: bounded by the element, not by user input.
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lineTops.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

const wetAreaChecklist = (page: Page) =>
  page.getByRole('group', { name: /^Internal wet area \(AS 3740-2021, NCC 20\d\d\)$/ });
const stageButton = (checklist: Locator, stage: string) =>
  checklist.getByRole('button', { name: new RegExp(`^${stage} \\d+ of \\d+ recorded`) });

async function newCertificateWithWetArea(page: Page, name: string) {
  const member = await createMember(name);
  await signIn(page, member);
  await page.goto('/certificates/new');
  await page.getByRole('button', { name: 'Add checklist' }).click();
  return { member, checklist: wetAreaChecklist(page) };
}

describe('a checklist on a phone', () => {
  it('opens at the first stage to record, one stage at a time, each folded stage saying how much is recorded and its worst result', async () => {
    const { page } = session;
    const { checklist } = await newCertificateWithWetArea(page, 'fold');
    const expanded = checklist.locator('button[aria-expanded="true"]');
    expect(await expanded.count()).toBe(1);
    expect(await stageButton(checklist, 'Substrate').getAttribute('aria-expanded')).toBe('true');

    const box = await checklist.boundingBox();
    const height = Math.round(box?.height ?? Number.POSITIVE_INFINITY);
    console.info(`internal wet-area checklist as it opens at 375 px: ${height} px tall`);
    expect(height).toBeLessThanOrEqual(2500);

    const fall = checklist.getByRole('group', { name: 'Shower floor fall to the waste' });
    await fall.getByRole('spinbutton', { name: 'Shower floor fall to the waste' }).fill('60');
    await stageButton(checklist, 'Substrate')
      .filter({ hasText: '1 of 4 recorded' })
      .filter({ hasText: 'Pass' })
      .waitFor();
    await fall.getByRole('spinbutton', { name: 'Shower floor fall to the waste' }).fill('90');
    // A warning beats the pass.
    await stageButton(checklist, 'Substrate')
      .filter({ hasText: '1 of 4 recorded' })
      .filter({ hasText: 'Warning' })
      .waitFor();

    // Opening another stage folds the one that was open, and its heading stays on screen.
    await stageButton(checklist, 'Membrane').click();
    const onScreen = await stageButton(checklist, 'Membrane').evaluate((button) => {
      const { top, bottom } = button.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    });
    expect(onScreen).toBe(true);
    expect(await stageButton(checklist, 'Membrane').getAttribute('aria-expanded')).toBe('true');
    expect(await stageButton(checklist, 'Substrate').getAttribute('aria-expanded')).toBe('false');
    expect(await expanded.count()).toBe(1);
    expect(await fall.count()).toBe(0);
    await checklist.getByRole('group', { name: 'Dry-film thickness' }).waitFor();

    // A stage's photos are chosen once, for the stage: here for its first and its second coat.
    const evidence = checklist.getByRole('group', { name: 'Photo evidence: Membrane' });
    await evidence.getByText("Add photos under Photos below, then choose this stage's evidence here.").waitFor();
    expect(await checklist.getByRole('group', { name: /^Photo evidence/ }).count()).toBe(1);
  });

  it('shows a Fail over the passes of its stage', async () => {
    const { page } = session;
    const member = await createMember('fold-fail');
    await signIn(page, member);
    await page.goto('/certificates/new');
    await page.getByLabel('Checklist to add').selectOption({ label: 'Flood test record (AS 3740-2021)' });
    await page.getByRole('button', { name: 'Add checklist' }).click();
    const checklist = page.getByRole('group', { name: /^Flood test record/ });
    await stageButton(checklist, 'End').click();
    await checklist.getByRole('group', { name: 'Duration' }).getByRole('spinbutton').first().fill('24');
    await checklist.getByLabel('Duration the job specifies (h)').fill('24');
    await checklist.getByRole('radiogroup', { name: 'No leak or drop in level at the end' }).getByLabel('No').check();
    await stageButton(checklist, 'End').filter({ hasText: '2 of 4 recorded' }).filter({ hasText: 'Fail' }).waitFor();
  });

  it('lists the items not recorded before completing: back to the form, or complete anyway', async () => {
    const { page } = session;
    const { checklist } = await newCertificateWithWetArea(page, 'unrecorded');
    await fillJobDetails(page, '7 Tile St, Newtown NSW 2042');
    await checklist.getByRole('radiogroup', { name: 'Substrate clean, dry and sound' }).getByLabel('Yes').check();

    await page.getByRole('button', { name: 'Save as completed' }).click();
    const dialog = page.getByRole('dialog', { name: '19 items not recorded' });
    await dialog.waitFor();
    const items = dialog.getByRole('listitem');
    expect(await items.count()).toBe(19);
    expect(await items.first().textContent()).toBe('Internal wet area: Shower floor fall to the waste');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    expect(await dialog.count()).toBe(0);
    expect(page.url()).toBe(`${session.baseUrl}/certificates/new`);

    await page.getByRole('button', { name: 'Save as completed' }).click();
    await dialog.getByRole('button', { name: 'Complete anyway' }).click();
    await toastTitled(page, 'Certificate created').waitFor();
    await page.waitForURL(certificatePage);
  });
});

describe('labels on a narrow phone', () => {
  it.each([320, 375])('never break inside a word at %i px: the tab bar and the checklist units', async (width) => {
    const { page } = session;
    await page.setViewportSize({ width, height: 740 });
    const { checklist } = await newCertificateWithWetArea(page, `words-${width}`);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('link', { name: 'Certificates' }).waitFor();
    expect(await wordsBrokenAcrossLines(tabs)).toEqual([]);

    await stageButton(checklist, 'Membrane').click();
    const units = checklist.getByText(/^(µm|mm|h|\(µm\)|\(h\))$/);
    // Dry-film thickness and its reference, three heights, the curing time and its reference.
    expect(await units.count()).toBe(7);
    for (const unit of await units.all()) {
      expect(await wordsBrokenAcrossLines(unit), (await unit.textContent()) ?? '').toEqual([]);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('the phone finish', () => {
  it('shows a certificate without photos with a picture sign, the row still named by its address', async () => {
    const { page } = session;
    const member = await createMember('no-photo-tile');
    await createCompletedCertificate(member, '3 Bare Wall Rd, Ryde NSW 2112');
    await signIn(page, member);
    await page.goto('/certificates');
    const link = page.getByRole('link', { name: '3 Bare Wall Rd, Ryde NSW 2112' });
    await link.waitFor();
    const row = page.getByRole('listitem').filter({ has: link });
    const sign = row.locator('[aria-hidden="true"] > svg');
    expect(await sign.count()).toBe(1);
    expect(await sign.isVisible()).toBe(true);
  });

  it('offers the PDF to check through a styled picker that keeps the keyboard and names the chosen file', async () => {
    const { page } = session;
    await page.goto('/verify');
    const picker = page.getByLabel('Choose a PDF to check');
    // The browser's own control is hidden; the labelled one still takes the focus.
    const box = await picker.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    await picker.focus();
    expect(await picker.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText('No file chosen').count()).toBe(0);
    await picker.setInputFiles({
      name: 'handover.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n'),
    });
    await page.getByText('Chosen: handover.pdf').waitFor();
  });
});
