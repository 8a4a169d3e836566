import pg from 'pg';
import { listStatementText } from '../apps/server/src/features/certificates/list-statements.ts';
import {
  closedLoop,
  createUser,
  format,
  freshDatabase,
  httpRequest,
  type Stats,
  startServerProcess,
} from './support.ts';

/**
 * PRODUCT.md, Budgets: the certificate list (page of 20) for a user with 10,000 certificates keeps ≥ 60% of the
 * throughput of the same SQL run directly through pg, and its p50 stays flat from 100 to 10,000.
 */
const CONCURRENCY = 16;
const SECONDS = 5;
// Long enough for V8 to optimise the server's hot path before either side is measured.
const WARM_UP_SECONDS = 3;

// The statement the repository runs for page one (certificates/list-statements.ts), run the same
// way: a named statement, parsed and planned once per connection.
const LIST_STATEMENT = {
  name: 'bench_certificates_list',
  text: listStatementText({ status: false, search: false, after: false }),
};

async function seed(client: pg.Client, userId: string, count: number) {
  await client.query(
    `insert into certificates (user_id, standards, job_site_address, installation_date, areas, materials_used, status, created_at)
     select $1, array['AS 3740-2021'], i || ' Bench Street, Sydney NSW 2000', date '2026-11-01', 'Ensuite', 'Membrane',
            case when i % 3 = 0 then 'draft' else 'completed' end, now() - (i || ' seconds')::interval
     from generate_series(1, $2) as i`,
    [userId, count],
  );
  await client.query('analyze certificates');
}

function row(label: string, stats: Stats) {
  return `${label.padEnd(44)} ${format(stats.perSecond, 0).padStart(8)} req/s   p50 ${format(stats.p50, 2).padStart(6)} ms   p99 ${format(stats.p99, 2).padStart(6)} ms`;
}

export async function runListBenchmark() {
  const database = await freshDatabase();
  // The server gets as many connections as the direct-SQL baseline's pool.
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: database.directory,
    DATABASE_POOL_SIZE: String(CONCURRENCY),
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  try {
    const small = await createUser(server.base, client, 'small@bench.test');
    const large = await createUser(server.base, client, 'large@bench.test');
    await seed(client, small.userId, 100);
    await seed(client, large.userId, 10_000);

    const api = (user: { token: string }) => async () => {
      const response = await httpRequest(`${server.base}/api/certificates?limit=20`, {
        authorization: `Bearer ${user.token}`,
      });
      if (response.status !== 200) throw new Error(`list answered ${response.status}`);
    };
    const direct = (user: { userId: string }) => async () => {
      await pool.query({ ...LIST_STATEMENT, values: [user.userId, 21] });
    };

    const plan = await client.query(`explain ${LIST_STATEMENT.text}`, [large.userId, 21]);
    console.log(
      `\nPlan: ${plan.rows
        .map((line) => line['QUERY PLAN'].trim())
        .slice(0, 2)
        .join(' / ')}`,
    );

    // Warm both paths (JIT, plan cache, pool connections) before measuring.
    await closedLoop(api(large), CONCURRENCY, WARM_UP_SECONDS);
    await closedLoop(direct(large), CONCURRENCY, WARM_UP_SECONDS);

    const directLarge = await closedLoop(direct(large), CONCURRENCY, SECONDS);
    const apiLarge = await closedLoop(api(large), CONCURRENCY, SECONDS);
    const apiSmall = await closedLoop(api(small), CONCURRENCY, SECONDS);
    const directSmall = await closedLoop(direct(small), CONCURRENCY, SECONDS);

    console.log(`\nCertificate list, page of 20, ${CONCURRENCY} concurrent clients, ${SECONDS} s each`);
    console.log(row('direct SQL through pg, 10,000 certificates', directLarge));
    console.log(row('GET /api/certificates, 10,000 certificates', apiLarge));
    console.log(row('direct SQL through pg, 100 certificates', directSmall));
    console.log(row('GET /api/certificates, 100 certificates', apiSmall));
    console.log(
      `API / direct SQL throughput at 10,000: ${format((apiLarge.perSecond / directLarge.perSecond) * 100, 0)}% (budget ≥ 60%)`,
    );
    console.log(`API p50 at 10,000 / at 100: ${format(apiLarge.p50 / apiSmall.p50, 2)}× (flat ≈ 1)`);
  } finally {
    await client.end();
    await pool.end();
    await server.stop();
    await database.stop();
  }
}
