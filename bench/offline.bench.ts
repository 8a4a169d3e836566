import { execSync } from 'node:child_process';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { membershipOf } from '../apps/server/src/platform/accounts/memberships.ts';
import { entitlements } from '../apps/server/src/platform/entitlements/entitlements.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { untilControlled } from '../e2e/support/service-worker.ts';
import { createUser, format, median, root, startBenchServer } from './support.ts';

/*
 * Offline (ADR 0035; PRODUCT.md, Budgets), in Chromium at 375 px against the built server:
 * - how fast the app shell opens from the service worker's precache with the network off, against
 *   the same page over the network (a warm HTTP cache, no service worker), from reload to the
 *   landing page's heading, median of REPEATS;
 * - how long the outbox takes to send DRAFTS drafts with PHOTOS_EACH photos each, made with no
 *   connection, once it is back, against saving the same drafts and photos while online.
 */
const REPEATS = 15;
const DRAFTS = 10;
const PHOTOS_EACH = 2;
const PASSWORD = 'bench-harbour-trowel-magnet-47';

async function timeReloads(context: BrowserContext, base: string, { offline }: { offline: boolean }) {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const heading = page.getByRole('heading', { level: 1, name: /Compliance certificates for trades/ });
  await heading.waitFor();
  // The offline figure is the service worker's: it must control the page (untilControlled throws if it never does).
  if (offline) await untilControlled(page);
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
  return { median: median(times) };
}

async function memberPage(
  browser: Browser,
  base: string,
  databaseUrl: string,
  pool: pg.Pool,
  email: string,
): Promise<Page> {
  const { token, userId } = await createUser(base, pool, email);
  // Premium, as a billing webhook leaves it: a premium draft is saved to the account (a free
  // user's stays on the phone until completed, ADR 0036), which is what this measures.
  const db = createDatabase(databaseUrl, { maxConnections: 1 });
  try {
    const { businessId } = await membershipOf(db, userId);
    await entitlements.setSubscription(db, businessId, {
      subscribed: true,
      tier: 'premium',
      end: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
      provider: 'test',
    });
  } finally {
    await db.$client.end();
  }
  await fetch(`${base}/api/profile`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ onboarding_completed: true }),
  });
  // With the service worker, as an installed app: offline, the pages come from its precache.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  await untilControlled(page);
  return page;
}

/** Makes DRAFTS drafts through the form, each with PHOTOS_EACH photos, and saves each as a draft. */
async function makeDrafts(page: Page, label: string, photo: Buffer) {
  for (let draft = 1; draft <= DRAFTS; draft++) {
    await page.getByRole('main').getByRole('link', { name: 'New certificate' }).click();
    await page.getByLabel('Job site address').fill(`${draft} ${label} St, Sydney`);
    for (let n = 1; n <= PHOTOS_EACH; n++) {
      await page
        .getByLabel('Choose from library')
        .setInputFiles({ name: `photo-${n}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('img', { name: `Photo ${n}` }).waitFor();
    }
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => url.pathname !== '/certificates/new');
    // Online, the saved certificate opens; offline, the list does (no page load needed).
    const list = page.url().replace(/\/certificates\/.+$/, '/certificates');
    if (page.url() !== list) await page.goto(list);
  }
}

async function timeSync(browser: Browser, base: string, databaseUrl: string, pool: pg.Pool) {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a6d3b' } })
    .jpeg()
    .toBuffer();

  const online = await memberPage(browser, base, databaseUrl, pool, 'bench-online@bench.test');
  await online.goto(`${base}/certificates`);
  const onlineStarted = performance.now();
  await makeDrafts(online, 'Online', photo);
  const onlineMs = performance.now() - onlineStarted;

  const offline = await memberPage(browser, base, databaseUrl, pool, 'bench-offline@bench.test');
  await offline.goto(`${base}/certificates`);
  await offline.context().setOffline(true);
  await makeDrafts(offline, 'Offline', photo);
  const waiting = offline.getByRole('region', { name: /Waiting to sync/ });
  await waiting.waitFor();
  const syncStarted = performance.now();
  await offline.context().setOffline(false);
  await waiting.waitFor({ state: 'detached', timeout: 120_000 });
  const syncMs = performance.now() - syncStarted;
  const { rows } = await pool.query(
    `select count(distinct c.id)::int as certificates, count(f.id)::int as photos
       from certificates c join users u on u.id = c.user_id left join files f on f.certificate_id = c.id
      where u.email = 'bench-offline@bench.test'`,
  );
  return { onlineMs, syncMs, synced: rows[0] as { certificates: number; photos: number } };
}

export async function runOfflineBenchmark() {
  execSync('npm run build -w @app/web', { cwd: root, stdio: 'ignore' });
  const server = await startBenchServer();
  const { database } = server;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const browser = await launchChromium();
  try {
    const viewport = { width: 375, height: 740 };
    const network = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const installed = await browser.newContext({ viewport, serviceWorkers: 'allow' });
    const online = await timeReloads(network, server.base, { offline: false });
    const offline = await timeReloads(installed, server.base, { offline: true });
    console.log(
      `\nApp shell at 375 px, reload to the landing page's heading, median of ${REPEATS} (Chromium, this machine)`,
    );
    console.log(`over the network, no service worker (warm HTTP cache): ${format(online.median, 0)} ms`);
    console.log(
      `network off, from the service worker's precache: ${format(offline.median, 0)} ms (${format(offline.median / online.median, 2)}× the network load)`,
    );

    const sync = await timeSync(browser, server.base, database.url, pool);
    console.log(`\n${DRAFTS} drafts with ${PHOTOS_EACH} photos each (1600×1200 JPEG), through the form at 375 px`);
    console.log(`made and saved online (typing included): ${format(sync.onlineMs / 1000, 1)} s`);
    console.log(
      `made offline, then sent by the outbox once back online: ${format(sync.syncMs / 1000, 1)} s to empty the outbox (${sync.synced.certificates} certificates, ${sync.synced.photos} photos on the server)`,
    );
  } finally {
    await pool.end();
    await browser.close();
    await server.stop();
  }
}
