import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { APP_ROLE, credentialsFileFor } from '../../apps/server/src/db/embedded.ts';
import { E2E_ADMIN_EMAIL } from './admin-account.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
    /** The app's DATA_DIR; with no SMTP_URL its mails land in `<dataDir>/outbox` as .eml files. */
    dataDir: string;
    /** The app's embedded PostgreSQL, for arranging what the UI cannot (e.g. a premium subscriber). */
    databaseUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');

/** The app role's own connection, with the password the app generated at first start (ADR 0007). */
function appDatabaseUrl(dataDir: string, port: number) {
  const file = credentialsFileFor(path.join(dataDir, 'postgres'));
  const { appPassword } = JSON.parse(readFileSync(file, 'utf8')) as { appPassword: string };
  return `postgres://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/app`;
}

/** Starts the built app (as `npm start` would) on a free port with a fresh data dir. */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built. Run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-'));
  await chmod(dataDir, 0o755);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // Every browser context of the suite is a different user on 127.0.0.1: no per-address
      // connection cap here (apps/server/test/http/slow-clients.test.ts tests it).
      MAX_CONNECTIONS_PER_IP: '0',
      // No shedding for a lagging loop: a starved machine lags past any threshold, and shedding is
      // tested on its own (apps/server/test/http/operations.test.ts, ADR 0046).
      BACKPRESSURE_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });

  const { baseUrl, databaseUrl } = await new Promise<{ baseUrl: string; databaseUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the app exited during start-up with code ${code}`)));
    if (!child.stdout) return reject(new Error('no stdout from the app'));
    let databasePort: number | undefined;
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string; port?: number };
        if (entry.msg === 'embedded PostgreSQL started') databasePort = entry.port;
        if (entry.msg === 'server ready' && entry.url) {
          clearTimeout(timer);
          if (!databasePort) return reject(new Error('the app did not log its embedded PostgreSQL port'));
          resolve({ baseUrl: entry.url, databaseUrl: appDatabaseUrl(dataDir, databasePort) });
        }
      } catch {
        // Not a JSON log line.
      }
    });
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
