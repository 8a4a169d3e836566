import type { Page } from 'playwright-core';

/*
 * Keyboard-only use and large text (WCAG 2.1.1, 2.4.3, 2.4.11, 1.4.4, 1.4.10), checked on a page as
 * it stands: every control of its main content is reached by Tab and is not hidden when focused, and
 * with the text at 200% nothing runs off the side of the screen.
 */

/** The selector of what a keyboard user must be able to reach in the page's main content. */
const CONTROLS =
  'main a[href], main button, main input:not([type="hidden"]), main select, main textarea, main [tabindex]:not([tabindex="-1"])';

/**
 * Presses Tab from the top of the page through every stop of the document (bounded by how many
 * there are, plus a few), and answers each control of the main content that was never focused, or
 * that was covered (by a fixed bar) when it was, one line each.
 */
export async function controlsKeyboardMisses(page: Page): Promise<string[]> {
  const stops = await page.evaluate((selector) => {
    const shown = (element: HTMLElement) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => shown(element) && !element.matches(':disabled'),
    );
    controls.forEach((element, index) => {
      element.dataset.keyboardCheck = String(index);
    });
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    const everyStop = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length;
    return { controls: controls.length, everyStop };
  }, CONTROLS);
  const reached = new Set<string>();
  const covered: string[] = [];
  for (let press = 0; press < stops.everyStop + 5 && reached.size < stops.controls; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const mark = element?.dataset.keyboardCheck;
      if (!element || mark === undefined) return undefined;
      const box = element.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const seen = onTop !== null && (element === onTop || element.contains(onTop) || onTop.contains(element));
      return { mark, seen, name: (element.getAttribute('aria-label') || element.textContent || '').trim() };
    });
    if (!focused) continue;
    reached.add(focused.mark);
    if (!focused.seen) covered.push(`covered when focused: ${focused.name.slice(0, 60)}`);
  }
  const missed = await page.evaluate(
    (marks) =>
      [...document.querySelectorAll<HTMLElement>('[data-keyboard-check]')]
        .filter((element) => !marks.includes(element.dataset.keyboardCheck ?? ''))
        .map(
          (element) =>
            `not reached by Tab: ${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 60)}`,
        ),
    [...reached],
  );
  return [...missed, ...covered];
}

/** Text at 200%, as a browser's text-size setting makes it: the root font size doubled before the app draws. */
export const textAt200Percent = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    });
  });

/**
 * What runs off the side of the screen: the page scrolling sideways, and each control, heading,
 * paragraph or list item of the main content reaching past either edge, one line each.
 */
export function cutOffSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    }
    for (const element of document.querySelectorAll<HTMLElement>(
      'main a, main button, main input, main select, main textarea, main h1, main h2, main h3, main p, main li, main label',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      const name = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 60);
      problems.push(
        `${element.tagName.toLowerCase()} "${name}": ${Math.round(box.left)} to ${Math.round(box.right)} px`,
      );
    }
    return problems;
  });
}
