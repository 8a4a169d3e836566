import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const session = useBrowser();

// Public routes of PRODUCT.md, Routes with the heading each one shows.
const publicPages: Array<[path: string, heading: string | RegExp]> = [
  ['/', /Compliance certificates for trades/],
  ['/home', /Compliance certificates for trades/],
  ['/login', 'Sign in'],
  ['/register', 'Create your account'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact us'],
  ['/terms', 'Terms of service'],
  ['/privacy', 'Privacy policy'],
  // Opened without the code or token an emailed link carries.
  ['/auth/callback', 'This link is incomplete'],
  ['/auth/confirm', 'This link is incomplete'],
  ['/auth/update-password', 'Set a new password'],
  // An unknown id or token: the share, download and sign pages say so (their lookup answers 404, an
  // expected console error).
  ['/certificates/6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f', 'Certificate not found'],
  ['/certificates/6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f/download', 'Certificate not found'],
  ['/gallery', 'Photo gallery'],
  ['/sign/abc123token', 'This link is not valid'],
  ['/invite/abc123token', 'This invitation link is not valid'],
  ['/webhook-test', 'Billing webhook status'],
];

describe('public routes', () => {
  it.each(publicPages)('%s renders its page', async (path, heading) => {
    const { page } = session;
    session.allowConsoleErrors(/status of 404/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(page.url()).toBe(`${session.baseUrl}${path}`);
  });
});

describe('guarded routes', () => {
  it.each(['/profile', '/certificates', '/certificates/new', '/swms/cover-sheet/edit/42', '/admin'])(
    '%s sends a visitor to /login and remembers where they came from',
    async (path) => {
      const { page } = session;
      await page.goto(`${path}?tab=1`);
      await page.waitForURL(`${session.baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      const rememberedFrom = await page.evaluate(() => (history.state?.usr as { from?: string } | undefined)?.from);
      expect(rememberedFrom).toBe(`${path}?tab=1`);
    },
  );
});

describe('fallback screens', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page } = session;
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByText('/this/does/not/exist').waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${session.baseUrl}/`);
  });

  it('shows "Loading application..." while a page loads', async () => {
    const { page } = session;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/HomePage-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByText('Loading application...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: /Compliance certificates/ }).waitFor();
  });

  it('shows the error screen when a page throws, and recovers with Reload Page', async () => {
    const { page } = session;
    session.allowConsoleErrors(/Failed to load resource/, /Failed to fetch dynamically imported module/);
    await page.route(/\/assets\/HomePage-.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    // The rest of the app (navigation) stays usable around the failed page.
    await page.getByRole('link', { name: 'TradeCert' }).waitFor();

    await page.unroute(/\/assets\/HomePage-.*\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { level: 1, name: /Compliance certificates/ }).waitFor();
  });
});

describe('theme', () => {
  const isDark = () => session.page.evaluate(() => document.documentElement.classList.contains('dark'));

  it('is light by default, remembers dark across reloads, and follows the system when asked', async () => {
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await isDark()).toBe(false);

    await page.getByLabel('Theme').selectOption('dark');
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await isDark()).toBe(true);

    await page.getByLabel('Theme').selectOption('system');
    expect(await isDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.reload();
    await expect.poll(() => page.getByLabel('Theme').inputValue()).toBe('system');
  });
});

describe('delivery', () => {
  it('sends the app’s scripts and styles Brotli-compressed', async () => {
    const { page } = session;
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(response.url())) {
        encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'none');
      }
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const large = [...encodings].filter(([pathname]) => /\/assets\/index-/.test(pathname));
    expect(large.length).toBeGreaterThan(0);
    for (const [pathname, encoding] of large) expect(encoding, pathname).toBe('br');
  });
});
