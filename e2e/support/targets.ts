import type { Page } from 'playwright-core';

/**
 * The main actions on the page that are smaller than 44 × 44 CSS px (PRODUCT.md, States), one line each.
 * Main actions: every button in the header and main, and every link drawn as a button (with a
 * background or a border). Links in running text are held only to axe's 24 px (WCAG 2.5.8).
 */
export function smallMainActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const drawnAsButton = (element: Element) => {
      const style = getComputedStyle(element);
      return style.backgroundColor !== 'rgba(0, 0, 0, 0)' || Number.parseFloat(style.borderTopWidth) > 0;
    };
    const small: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>(
      'header button, main button, main input[type="submit"], main [role="button"], main a',
    );
    for (const element of candidates) {
      if (element.tagName === 'A' && !drawnAsButton(element)) continue;
      const { width, height } = element.getBoundingClientRect();
      // Not on the page now (a closed menu, a hidden input behind its label).
      if (width === 0 || height === 0) continue;
      if (width >= 44 && height >= 44) continue;
      const name = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 60);
      small.push(`${element.tagName.toLowerCase()} "${name}": ${Math.round(width)} × ${Math.round(height)}`);
    }
    return small;
  });
}
