import pg from 'pg';
import { createUser, format, freshDatabase, httpRequest, startServerProcess, summarise } from './support.ts';

/**
 * PRODUCT.md, Budgets: 100 concurrent users for 30 s with 0 errors. Each simulated user signs in from its own
 * address and, with no think time, lists certificates, saves drafts, opens them, and checks its
 * profile and monthly usage: the day-to-day mix of someone on a job site.
 */
const USERS = 100;
const SECONDS = 30;

type User = { token: string; userId: string; drafts: string[] };

const actions: Array<{ name: string; weight: number; run: (base: string, user: User) => Promise<number> }> = [
  {
    name: 'list certificates',
    weight: 4,
    run: async (base, user) => (await httpRequest(`${base}/api/certificates?limit=20`, auth(user))).status,
  },
  {
    name: 'save a draft',
    weight: 2,
    run: async (base, user) => {
      const response = await httpRequest(`${base}/api/certificates`, auth(user), {
        method: 'POST',
        body: { user_id: user.userId, status: 'draft', job_site_address: `${user.drafts.length + 1} Load St, Sydney` },
      });
      if (response.status === 201) user.drafts.push((JSON.parse(response.body) as { id: string }).id);
      return response.status;
    },
  },
  {
    name: 'open a certificate',
    weight: 2,
    run: async (base, user) => {
      const id = user.drafts.at(-1);
      if (!id) return (await httpRequest(`${base}/api/certificates/usage`, auth(user))).status;
      return (await httpRequest(`${base}/api/certificates/${id}`, auth(user))).status;
    },
  },
  {
    name: 'profile',
    weight: 1,
    run: async (base, user) => (await httpRequest(`${base}/api/profile`, auth(user))).status,
  },
  {
    name: 'monthly usage',
    weight: 1,
    run: async (base, user) => (await httpRequest(`${base}/api/certificates/usage`, auth(user))).status,
  },
];
const weighted = actions.flatMap((action) => Array.from({ length: action.weight }, () => action));

function auth(user: User) {
  return { authorization: `Bearer ${user.token}` };
}

export async function runLoadBenchmark() {
  const database = await freshDatabase();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: database.directory,
    TRUST_PROXY: 'true',
  });
  // A pool: sign-ups are confirmed ten at a time.
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  try {
    const users: User[] = [];
    // Sign-ups hash passwords (argon2id), so they are made a few at a time.
    for (let batch = 0; batch < USERS; batch += 10) {
      const made = await Promise.all(
        Array.from({ length: Math.min(10, USERS - batch) }, (_, index) => {
          const number = batch + index;
          return createUser(server.base, pool, `load-${number}@bench.test`, `10.1.${number >> 8}.${number & 255}`);
        }),
      );
      users.push(...made.map((user) => ({ ...user, drafts: [] })));
    }

    const latencies: number[] = [];
    const errors = new Map<string, number>();
    const byAction = new Map<string, number>();
    const deadline = performance.now() + SECONDS * 1000;
    await Promise.all(
      users.map(async (user, index) => {
        for (let step = index; performance.now() < deadline; step++) {
          const action = weighted[step % weighted.length] ?? weighted[0];
          if (!action) return;
          const started = performance.now();
          const status = await action.run(server.base, user).catch(() => 0);
          latencies.push(performance.now() - started);
          byAction.set(action.name, (byAction.get(action.name) ?? 0) + 1);
          if (status < 200 || status >= 300) {
            const key = `${action.name}: ${status === 0 ? 'network error' : status}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        }
      }),
    );

    const stats = summarise(latencies, SECONDS);
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `\n${USERS} concurrent users for ${SECONDS} s, no think time (the built server and its own PostgreSQL on this machine)`,
    );
    console.log(
      `requests: ${stats.count} (${format(stats.perSecond, 0)} req/s), p50 ${format(stats.p50, 0)} ms, p99 ${format(stats.p99, 0)} ms`,
    );
    console.log(`mix: ${[...byAction].map(([name, count]) => `${name} ${count}`).join(', ')}`);
    console.log(
      `errors: ${errorCount} (budget 0)${errorCount ? `: ${[...errors].map(([key, count]) => `${key} ×${count}`).join(', ')}` : ''}`,
    );
  } finally {
    await pool.end();
    await server.stop();
    await database.stop();
  }
}
