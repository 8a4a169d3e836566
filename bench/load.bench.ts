import pg from 'pg';
import { listPageOneStatement, statsRow } from './sql-baseline.ts';
import { createUser, format, httpRequest, startBenchServer, summarise } from './support.ts';

/**
 * PRODUCT.md, Budgets: 100 concurrent users for 30 s with 0 errors. Each simulated user signs in from its own
 * address and, with no think time, lists certificates, saves drafts, opens them, and checks its
 * profile and monthly usage: the day-to-day mix of someone on a job site.
 *
 * The baseline (ADR 0047): the same mix of statements, run directly through pg by the same 100 users
 * over a pool as large as the server's (DATABASE_POOL_SIZE, 10), so the API's throughput is printed as
 * a ratio of what the database alone does, as `bench list` does.
 */
const USERS = 100;
const LABEL_WIDTH = 36;
const SECONDS = 30;
const BASELINE_SECONDS = 10;
const POOL_SIZE = 10;

type User = { token: string; userId: string; businessId: string; drafts: string[] };

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

// The statements behind each action, as the repositories run them (the list as a named statement).
const LIST_STATEMENT = listPageOneStatement('bench_load_list');
const directActions: Record<string, (pool: pg.Pool, user: User) => Promise<unknown>> = {
  'list certificates': (pool, user) => pool.query({ ...LIST_STATEMENT, values: [user.businessId, 21] }),
  'save a draft': async (pool, user) => {
    const { rows } = await pool.query(
      `insert into certificates (user_id, business_id, status, job_site_address) values ($1, $2, 'draft', $3) returning *`,
      [user.userId, user.businessId, `${user.drafts.length + 1} Load St, Sydney`],
    );
    user.drafts.push(rows[0].id);
  },
  'open a certificate': (pool, user) => {
    const id = user.drafts.at(-1);
    if (!id) return directActions['monthly usage']?.(pool, user) ?? Promise.resolve();
    return pool.query('select * from certificates where id = $1 and business_id = $2 and withdrawn_at is null', [
      id,
      user.businessId,
    ]);
  },
  profile: (pool, user) =>
    pool.query(
      `select p.*, b.* from profiles p join memberships m on m.user_id = p.id
       join businesses b on b.id = m.business_id where p.id = $1`,
      [user.userId],
    ),
  'monthly usage': (pool, user) =>
    pool.query(
      `select c.count, s.subscription_tier, s.subscription_end, s.complimentary_since from users u
       join memberships m on m.user_id = u.id
       left join monthly_certificate_counts c on c.business_id = m.business_id and c.month = to_char(now(), 'YYYY-MM')
       left join subscribers s on s.business_id = m.business_id where u.id = $1`,
      [user.userId],
    ),
};

/** Every user runs the mix with no think time until the deadline; latencies and failures by action. */
async function runMix(
  users: User[],
  seconds: number,
  run: (action: (typeof actions)[number], user: User) => Promise<number>,
) {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const byAction = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      for (let step = index; performance.now() < deadline; step++) {
        const action = weighted[step % weighted.length] ?? weighted[0];
        if (!action) return;
        const started = performance.now();
        const status = await run(action, user).catch(() => 0);
        latencies.push(performance.now() - started);
        byAction.set(action.name, (byAction.get(action.name) ?? 0) + 1);
        if (status < 200 || status >= 300) {
          const key = `${action.name}: ${status === 0 ? 'network error' : status}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { stats: summarise(latencies, seconds), errors, byAction };
}

function auth(user: User) {
  return { authorization: `Bearer ${user.token}` };
}

export async function runLoadBenchmark() {
  const server = await startBenchServer({ TRUST_PROXY: 'true', DATABASE_POOL_SIZE: String(POOL_SIZE) });
  // A pool: sign-ups are confirmed ten at a time, and the baseline runs over it.
  const pool = new pg.Pool({ connectionString: server.database.url, max: POOL_SIZE });
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

    const { stats, errors, byAction } = await runMix(users, SECONDS, (action, user) => action.run(server.base, user));
    // The same users and mix straight through pg: what the database alone does on this machine.
    const direct = await runMix(users, BASELINE_SECONDS, async (action, user) => {
      const statement = directActions[action.name];
      if (!statement) throw new Error(`no statement for ${action.name}`);
      await statement(pool, user);
      return 200;
    });
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `\n${USERS} concurrent users for ${SECONDS} s, no think time (the built server and its own PostgreSQL on this machine)`,
    );
    console.log(
      `requests: ${stats.count} (${format(stats.perSecond, 0)} req/s), p50 ${format(stats.p50, 0)} ms, p99 ${format(stats.p99, 0)} ms`,
    );
    console.log(`mix: ${[...byAction].map(([name, count]) => `${name} ${count}`).join(', ')}`);
    console.log(statsRow('direct SQL through pg, same mix', direct.stats, LABEL_WIDTH));
    console.log(statsRow('the API (HTTP, the built server)', stats, LABEL_WIDTH));
    console.log(
      `API / direct SQL throughput: ${format((stats.perSecond / direct.stats.perSecond) * 100, 0)}% (p50 ${format(stats.p50, 0)} ms, p99 ${format(stats.p99, 0)} ms; direct p50 ${format(direct.stats.p50, 1)} ms, p99 ${format(direct.stats.p99, 1)} ms)`,
    );
    console.log(
      `errors: ${errorCount} (budget 0)${errorCount ? `: ${[...errors].map(([key, count]) => `${key} ×${count}`).join(', ')}` : ''}`,
    );
  } finally {
    await pool.end();
    await server.stop();
  }
}
