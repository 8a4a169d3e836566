import { execSync } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { format, freshDatabase, median, root, startServerProcess } from './support.ts';

/**
 * Issue 23: how fast the app shell opens from the service worker's precache with the network off,
 * against the same page loaded over the network (a warm HTTP cache, no service worker) in the same
 * run. Each figure is from reload to the landing page's heading on screen, median of REPEATS.
 */
const REPEATS = 15;

async function timeReloads(context: BrowserContext, base: string, { offline }: { offline: boolean }) {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const heading = page.getByRole('heading', { level: 1, name: /Compliance certificates for trades/ });
  await heading.waitFor();
  const usesWorker = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(resolve, 5000)),
    ]);
    if (!registration) return false;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return true;
  });
  await context.setOffline(offline);
  const times: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const started = performance.now();
    await page.reload();
    await heading.waitFor();
    times.push(performance.now() - started);
  }
  await context.setOffline(false);
  await page.close();
  return { median: median(times), usesWorker };
}

export async function runOfflineShellBenchmark() {
  execSync('npm run build -w @app/web', { cwd: root, stdio: 'ignore' });
  const database = await freshDatabase();
  const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: database.directory });
  const browser = await launchChromium();
  try {
    const viewport = { width: 375, height: 740 };
    const network = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const installed = await browser.newContext({ viewport, serviceWorkers: 'allow' });
    const online = await timeReloads(network, server.base, { offline: false });
    const offline = await timeReloads(installed, server.base, { offline: true });
    if (!offline.usesWorker) throw new Error('the service worker never took control: no offline figure');
    console.log(
      `\nApp shell at 375 px, reload to the landing page's heading, median of ${REPEATS} (Chromium, this machine)`,
    );
    console.log(`over the network, no service worker (warm HTTP cache): ${format(online.median, 0)} ms`);
    console.log(
      `network off, from the service worker's precache: ${format(offline.median, 0)} ms (${format(offline.median / online.median, 2)}× the network load)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await database.stop();
  }
}
