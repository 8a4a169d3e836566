import pg from 'pg';
import { judge } from './goals.ts';
import { keepAliveGet } from './keep-alive-get.ts';
import { listPageOneStatement, statsRow } from './sql-baseline.ts';
import {
  closedLoop,
  createUser,
  format,
  interleavedLoops,
  type MeteredStats,
  ownCpuMs,
  startBenchServer,
} from './support.ts';

/**
 * PRODUCT.md, Budgets: the certificate list (page of 20) for a business with 10,000 certificates keeps ≥ 60% of
 * the throughput of the same business-scoped SQL run directly through pg (the goal is in goals.ts), and its p50
 * stays flat from 100 to 10,000.
 */
const CONCURRENCY = 16;
const LABEL_WIDTH = 44;
const SECONDS = 6;
/** Each side runs in 1 s slices, in turn with the others (support.ts, interleavedLoops). */
const SLICES = 6;
// Long enough for V8 to optimise the server's hot path before either side is measured.
const WARM_UP_SECONDS = 3;

const LIST_STATEMENT = listPageOneStatement('bench_certificates_list');

type Metered = MeteredStats<'server' | 'loadGenerator'>;

/** A stored photo as a certificate keeps it: the list signs the first one's thumbnail URL. */
const photo = (caption: string) => `jsonb_build_object('file_id', gen_random_uuid(), 'caption', '${caption}')`;

/** `count` certificates of one business, made by its member `userId`, each with three photos. */
async function seed(client: pg.Client, owner: { userId: string; businessId: string }, count: number) {
  await client.query(
    `insert into certificates (user_id, business_id, standards, job_site_address, installation_date, areas,
       materials_used, status, photos, created_at)
     select $1, $2, array['AS 3740-2021'], i || ' Bench Street, Sydney NSW 2000', date '2026-11-01', 'Ensuite',
            'Membrane', case when i % 3 = 0 then 'draft' else 'completed' end,
            jsonb_build_array(${photo('Membrane')}, ${photo('Flood test')}, ${photo('Floor waste')}),
            now() - (i || ' seconds')::interval
     from generate_series(1, $3) as i`,
    [owner.userId, owner.businessId, count],
  );
  await client.query('analyze certificates');
}

export async function runListBenchmark() {
  // The server gets as many connections as the direct-SQL baseline's pool, shared among its HTTP processes.
  const server = await startBenchServer({ DATABASE_POOL_SIZE: String(CONCURRENCY) });
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  const pool = new pg.Pool({ connectionString: server.database.url, max: CONCURRENCY });
  try {
    const small = await createUser(server.base, client, 'small@bench.test');
    const large = await createUser(server.base, client, 'large@bench.test');
    await seed(client, small, 100);
    await seed(client, large, 10_000);

    const api = (user: { token: string }) => {
      const list = keepAliveGet(server.base, '/api/certificates?limit=20', { authorization: `Bearer ${user.token}` });
      return async () => {
        const status = await list();
        if (status !== 200) throw new Error(`list answered ${status}`);
      };
    };
    const direct = (user: { businessId: string }) => async () => {
      await pool.query({ ...LIST_STATEMENT, values: [user.businessId, 21] });
    };

    const plan = await client.query(`explain ${LIST_STATEMENT.text}`, [large.businessId, 21]);
    console.log(
      `\nPlan: ${plan.rows
        .map((line) => line['QUERY PLAN'].trim())
        .slice(0, 2)
        .join(' / ')}`,
    );

    // Warm both paths (JIT, plan cache, pool connections) before measuring.
    await closedLoop(api(large), CONCURRENCY, WARM_UP_SECONDS);
    await closedLoop(direct(large), CONCURRENCY, WARM_UP_SECONDS);

    // Direct and API alternate, so each API slice follows a direct one and each direct slice an API one.
    const [directLarge, apiLarge, directSmall, apiSmall] = (await interleavedLoops(
      [direct(large), api(large), direct(small), api(small)],
      CONCURRENCY,
      SECONDS,
      SLICES,
      { server: server.cpuMs, loadGenerator: ownCpuMs },
    )) as [Metered, Metered, Metered, Metered];

    console.log(
      `\nCertificate list, page of 20, ${CONCURRENCY} concurrent clients, ${SECONDS} s each in ${SLICES} slices taken in turn, server: ${server.processes} HTTP process${server.processes === 1 ? '' : 'es'} (SERVER_PROCESSES)`,
    );
    console.log(statsRow('direct SQL through pg, 10,000 certificates', directLarge, LABEL_WIDTH));
    console.log(statsRow('GET /api/certificates, 10,000 certificates', apiLarge, LABEL_WIDTH));
    console.log(statsRow('direct SQL through pg, 100 certificates', directSmall, LABEL_WIDTH));
    console.log(statsRow('GET /api/certificates, 100 certificates', apiSmall, LABEL_WIDTH));
    const share = (apiLarge.perSecond / directLarge.perSecond) * 100;
    console.log(`API / direct SQL throughput at 10,000: ${format(share, 0)}% (budget ≥ 60%)`);
    console.log(judge('listThroughput', share));
    // The server's own CPU per request is what its code decides; the share above also moves with whatever
    // else the machine runs meanwhile (ADR 0101).
    const cpuPerRequest = (stats: Metered, meter: keyof Metered['perRequest']) =>
      `${format(stats.perRequest[meter] * 1000, 0)} µs`;
    console.log(
      `Server CPU (user + system) per list request: ${cpuPerRequest(apiLarge, 'server')} at 10,000, ${cpuPerRequest(apiSmall, 'server')} at 100`,
    );
    // The clients stand for callers elsewhere, but share these cores: what each costs here (ADR 0105).
    console.log(
      `This process's CPU per request at 10,000 (the clients): ${cpuPerRequest(directLarge, 'loadGenerator')} reading pg's rows, ${cpuPerRequest(apiLarge, 'loadGenerator')} reading the API's answers`,
    );
    console.log(`API p50 at 10,000 / at 100: ${format(apiLarge.p50 / apiSmall.p50, 2)}× (flat ≈ 1)`);
  } finally {
    await client.end();
    await pool.end();
    await server.stop();
  }
}
