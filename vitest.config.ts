import { defineConfig } from 'vitest/config';

/**
 * The reliability suite's files: its own folder, the crash, fuzz, race and upload tests, and the
 * earlier reviews' attacks replayed (crew QR flood, sign-up mail flood, slow clients, test-mode
 * Premium beside Stripe, S3 storage).
 */
const reliabilityFiles = [
  'apps/server/test/reliability/**/*.test.ts',
  'apps/server/test/http/fuzz.test.ts',
  'apps/server/test/http/lifecycle.test.ts',
  'apps/server/test/signing/signing-concurrency.test.ts',
  'apps/server/test/storage/uploads.test.ts',
  'apps/server/test/signing/site-sign-on-flood.test.ts',
  'apps/server/test/jobs/mail-queue.test.ts',
  'apps/server/test/http/slow-clients.test.ts',
  'apps/server/test/billing/billing-providers.test.ts',
  'apps/server/test/storage/s3-storage.test.ts',
];

/**
 * One Vitest config, six projects:
 * - unit: pure logic, no I/O (web, server and contract `*.test.ts` next to the code);
 * - integration: server tests against a real embedded PostgreSQL, a fresh database per file;
 * - reliability: the same, for the reliability suite (`npm run test:reliability`, ADR 0047): the
 *   isolation matrix, fuzzing, races, kill -9, bad uploads, unfinished bodies and the earlier
 *   reviews' attacks, summed up in one line
 *   (apps/server/test/reliability/summary-reporter.ts);
 * - e2e: Chromium (playwright-core) against the built app started on a free port;
 * - screenshots: the main pages into docs/screenshots/ (`npm run screenshots`, not part of `npm test`);
 * - lighthouse: Lighthouse scores of key pages, the same way (`npm run lighthouse`, not part of `npm test`).
 */
export default defineConfig({
  test: {
    // Prints the reliability suite's one summary line after a run of that project.
    reporters: ['default', './apps/server/test/reliability/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The benches' own tools; the Lighthouse runs under bench/lighthouse are a project of their own.
            'bench/*.test.ts',
          ],
          environment: 'node',
          // Some unit tests load and shape whole fonts: on a starved machine that is seconds, not a hang.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: reliabilityFiles,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: reliabilityFiles,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One app server and one browser are shared; files run one after another.
          fileParallelism: false,
        },
      },
      {
        // `npm run screenshots` only: the main pages at 375 px into docs/screenshots/.
        test: {
          name: 'screenshots',
          include: ['e2e/screenshots/*.shots.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm run lighthouse` only (slow): the Lighthouse scores of PRODUCT.md, Budgets, against the built app.
        test: {
          name: 'lighthouse',
          include: ['bench/lighthouse/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
