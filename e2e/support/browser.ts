import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchChromium } from './chromium.ts';

export type BrowserSession = {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
  /** Declares console errors this test provokes on purpose; any other console error fails the test. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  /** A second, independent browser context (no shared storage), e.g. another device. */
  newContext: () => Promise<BrowserContext>;
};

/**
 * Gives each test a fresh context and page on one shared browser, and fails the test on any
 * unexpected console error or uncaught page exception.
 */
export function useBrowser(
  options: {
    viewport?: { width: number; height: number };
    /**
     * The app's service worker (the precached shell) runs only where a test asks for it: Playwright's
     * routing does not see what a service worker answers, and most tests are about the pages.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): BrowserSession {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];
  let allowed: RegExp[] = [];
  const extraContexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');

  const watch = (target: Page) => {
    target.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    target.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  };

  const openContext = async () => {
    const created = await browser.newContext({
      baseURL: baseUrl,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      serviceWorkers: options.serviceWorkers ?? 'block',
    });
    created.on('page', watch);
    return created;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    consoleErrors = [];
    allowed = [];
    context = await openContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await Promise.all([context.close(), ...extraContexts.splice(0).map((extra) => extra.close())]);
    const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, 'unexpected console errors in the browser').toEqual([]);
  });

  return {
    get page() {
      return page;
    },
    get context() {
      return context;
    },
    baseUrl,
    allowConsoleErrors: (...patterns) => {
      allowed.push(...patterns);
    },
    newContext: async () => {
      const created = await openContext();
      extraContexts.push(created);
      return created;
    },
  };
}
