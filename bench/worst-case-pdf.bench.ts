import type { SwmsBody } from '@app/contract';
import pg from 'pg';
import { MAX_REQUEST_BODY_BYTES } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { renderSwmsPdf } from '../apps/server/src/features/swms/swms-pdf-layout.ts';
import { defaultRenderThreads } from '../apps/server/src/platform/pdf/render-pool.ts';
import { withinBytes, worstCaseSwmsBody } from '../apps/server/test/support/worst-case-documents.ts';
import { createUser, format, freshDatabase, httpRequest, median, startServerProcess, summarise } from './support.ts';

/**
 * DESIGN §7 / issue 20: no PDF holds the event loop. The worst-case SWMS (every field at its limit,
 * strings without spaces) is printed through the real server, and /api/health is timed while two
 * such renders run, beside its own figures with nothing rendering, measured in the same run. The
 * same SWMS in every script the PDF draws (ADR 0063) is timed beside it, against the render budget.
 */
const RENDERS = 3;
const HEALTH_SECONDS = 10;
/** One health check every this many ms: a load balancer's probe, not a load test. */
const HEALTH_EVERY_MS = 20;

async function timedDownload(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await httpRequest(url, headers);
  if (response.status !== 200) throw new Error(`PDF download answered ${response.status}: ${response.body}`);
  return performance.now() - started;
}

/** Paced health checks for `seconds`; their latencies. */
async function healthWhile(base: string, seconds: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let statusErrors = 0;
  while (performance.now() < deadline) {
    const started = performance.now();
    const { status } = await httpRequest(`${base}/api/health`, {});
    latencies.push(performance.now() - started);
    if (status !== 200) statusErrors += 1;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return { ...summarise(latencies, seconds), statusErrors };
}

export async function runWorstCasePdfBenchmark() {
  const database = await freshDatabase();
  const server = await startServerProcess({ DATABASE_URL: database.url, TRUST_PROXY: 'true' });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const unbroken = worstCaseSwmsBody('unbroken');
    // Every script the PDF draws, as much of it as a request the server reads can carry.
    const anyScript = withinBytes(worstCaseSwmsBody('any script'), MAX_REQUEST_BODY_BYTES);
    // Free accounts, each with a worst-case SWMS (drafts are rendered afresh on every download).
    const documents = await Promise.all(
      [unbroken, unbroken, anyScript].map(async (body, index) => {
        const user = await createUser(server.base, client, `worst-${index}@bench.test`, `198.51.100.${index + 1}`);
        const headers = { authorization: `Bearer ${user.token}` };
        const created = await httpRequest(`${server.base}/api/swms`, headers, { method: 'POST', body: {} });
        const { id, revision } = JSON.parse(created.body) as { id: string; revision: number };
        const saved = await httpRequest(`${server.base}/api/swms/${id}`, headers, {
          method: 'PUT',
          body: { revision, body },
        });
        if (saved.status !== 200) throw new Error(`saving the worst-case SWMS answered ${saved.status}`);
        return { url: `${server.base}/api/swms/${id}/pdf`, headers };
      }),
    );
    const [first, second, scripts] = documents as [(typeof documents)[0], (typeof documents)[0], (typeof documents)[0]];

    const kinds = [
      { name: 'strings without spaces', body: unbroken, document: first },
      { name: 'every script, strings without spaces', body: anyScript, document: scripts },
    ];
    const figures = [];
    for (const { name, body, document } of kinds) {
      // The layout alone, in this process: what a render costs without the worker hop.
      await renderLayout(body);
      const inProcess: number[] = [];
      for (let run = 0; run < RENDERS; run++) {
        const started = performance.now();
        await renderLayout(body);
        inProcess.push(performance.now() - started);
      }
      await timedDownload(document.url, document.headers);
      const served: number[] = [];
      for (let run = 0; run < RENDERS; run++) served.push(await timedDownload(document.url, document.headers));
      figures.push({ name, body, inProcess: median(inProcess), served: median(served) });
    }

    const quiet = await healthWhile(server.base, HEALTH_SECONDS);
    // Two owners print their worst case over and over while the probe runs.
    let rendering = true;
    const renderLoop = async (document: typeof first) => {
      let count = 0;
      while (rendering) {
        await timedDownload(document.url, document.headers);
        count += 1;
      }
      return count;
    };
    const loops = Promise.all([renderLoop(first), renderLoop(second)]);
    const busy = await healthWhile(server.base, HEALTH_SECONDS);
    rendering = false;
    const rendered = (await loops).reduce((sum, count) => sum + count, 0);

    for (const { name, body, inProcess, served } of figures) {
      const kb = Math.round(Buffer.byteLength(JSON.stringify(body)) / 1024);
      console.log(`\nWorst-case SWMS: every field at its limit, ${name} (${kb} KB body)`);
      console.log(`layout alone, in this process: ${format(inProcess, 0)} ms median of ${RENDERS}`);
      console.log(
        `GET /api/swms/:id/pdf through the server (worker threads: ${defaultRenderThreads()}): ${format(served, 0)} ms median of ${RENDERS} (${format(served / inProcess, 2)}× the layout alone; budget ${format(loadConfig({}).pdfRendering.timeoutMs, 0)} ms)`,
      );
    }
    console.log(
      `/api/health every ${HEALTH_EVERY_MS} ms for ${HEALTH_SECONDS} s, nothing rendering: p50 ${format(quiet.p50)} ms, p99 ${format(quiet.p99)} ms (${quiet.count} checks)`,
    );
    console.log(
      `/api/health while 2 worst-case renders run (${rendered} done): p50 ${format(busy.p50)} ms, p99 ${format(busy.p99)} ms (${busy.count} checks, ${busy.statusErrors} not 200); p99 ${format(busy.p99 / quiet.p99, 1)}× quiet (budget p99 < 100 ms)`,
    );
  } finally {
    await client.end();
    await server.stop();
    await database.stop();
  }
}

function renderLayout(body: SwmsBody) {
  return renderSwmsPdf({
    business: {
      name: 'Bench Waterproofing',
      abn: '51824753556',
      address: '',
      phone: '',
      email: '',
      logo: null,
      applicatorName: '',
      signature: null,
    },
    swms: {
      number: 'SWMS-2026-0001',
      version: 1,
      fingerprint: 'a'.repeat(64),
      date: '24 November 2026',
      current: true,
      body,
    },
    cover: null,
    verifyUrl: 'http://127.0.0.1/verify/swms/x/1',
    register: [],
    timeZone: 'Australia/Sydney',
  });
}
