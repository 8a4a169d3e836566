import { errorResponseSchema, livenessResponseSchema, readinessResponseSchema } from '@app/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { definePdfJob } from '../../src/platform/pdf/render-pool.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { errorOf } from '../support/responses.ts';

/** Every line the app logs, as parsed JSON. */
const logLines: Array<Record<string, unknown>> = [];
const captured = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });

const { app, database, query } = setUpTestApp(() => ({ logger: captured }));

type Sample = { name: string; labels: Record<string, string>; value: number };
type Family = { type: string; help: string; samples: Sample[] };

/**
 * A small parser of the Prometheus text format (0.0.4): `# HELP`, `# TYPE`, then samples
 * `name{label="value",…} number`. It throws on any line it cannot read, so a scrape that is not
 * in the format fails here, as it would in Prometheus.
 */
function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string) => {
    for (const suffix of ['_bucket', '_sum', '_count', '']) {
      const base = suffix ? sample.slice(0, -suffix.length) : sample;
      if (sample.endsWith(suffix) && families.has(base)) return families.get(base);
    }
    return undefined;
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(rest);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const [, name = '', labelText = '', value = ''] = sample;
    const labels: Record<string, string> = {};
    for (const [, key = '', raw = ''] of labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) {
      labels[key] = raw.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    }
    // As Prometheus reads them (Go's ParseFloat): NaN in any case, ±Inf.
    const parsed = /^nan$/i.test(value)
      ? Number.NaN
      : /^[+-]?inf$/i.test(value)
        ? Number(`${value.replace(/inf/i, '')}1`) * Infinity
        : Number(value);
    if (Number.isNaN(parsed) && !/^nan$/i.test(value)) throw new Error(`not a number: ${line}`);
    const family = familyOf(name);
    if (!family) throw new Error(`a sample before its # TYPE: ${line}`);
    family.samples.push({ name, labels, value: parsed });
  }
  return families;
}

async function scrape(target = app, headers: Record<string, string> = {}) {
  const response = await target.inject({ url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(response.body);
}

const family = (families: Map<string, Family>, name: string, type: string) => {
  const found = families.get(name);
  expect(found, name).toBeDefined();
  expect(found?.type, name).toBe(type);
  return found as Family;
};

const sampleValue = (found: Family, name: string, labels: Record<string, string>) =>
  found.samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

describe('GET /metrics', () => {
  it('scrapes in the Prometheus text format with requests by route pattern, the pool, queues, PDFs and event-loop lag', async () => {
    for (let i = 0; i < 3; i += 1) expect((await app.inject('/api/health')).statusCode).toBe(200);
    await app.inject('/api/certificates/7b0f8a6e-4a4e-4c55-9d27-9d1a7c1a0c11');
    await app.inject('/api/no-such-thing/12345');
    // One render through the pool, as a download would (the workers' warm-up job).
    await app.pdfRenderPool.render(
      definePdfJob('warm-up', async () => Buffer.alloc(0)),
      null,
      { owner: 'metrics-test' },
    );

    const families = await scrape();

    const requests = family(families, 'http_requests_total', 'counter');
    expect(sampleValue(requests, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(
      3,
    );
    expect(requests.samples.filter((sample) => sample.labels.route === '/api/certificates/:id')).toEqual([
      {
        name: 'http_requests_total',
        labels: { method: 'GET', route: '/api/certificates/:id', status: '404' },
        value: 1,
      },
    ]);
    // Label values are route patterns, never a raw path with an id in it.
    const routes = new Set(requests.samples.map((sample) => sample.labels.route));
    expect(routes.has('unmatched')).toBe(true);
    for (const route of routes) expect(route).not.toMatch(/7b0f8a6e|12345/);

    const latency = family(families, 'http_request_duration_seconds', 'histogram');
    const healthCount = sampleValue(latency, 'http_request_duration_seconds_count', { route: '/api/health' }) ?? 0;
    expect(healthCount).toBe(3);
    expect(sampleValue(latency, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(3);
    const healthSum = sampleValue(latency, 'http_request_duration_seconds_sum', { route: '/api/health' }) ?? -1;
    expect(healthSum).toBeGreaterThan(0);
    expect(healthSum).toBeLessThan(30);

    const pool = family(families, 'db_pool_connections', 'gauge');
    const total = sampleValue(pool, 'db_pool_connections', { state: 'total' }) ?? -1;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sampleValue(pool, 'db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
    expect(sampleValue(pool, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sampleValue(family(families, 'db_pool_max_connections', 'gauge'), 'db_pool_max_connections', {})).toBe(10);

    // Every registered queue is listed, with nothing waiting yet.
    const depth = family(families, 'job_queue_depth', 'gauge');
    expect(depth.samples.length).toBeGreaterThan(3);
    expect(sampleValue(depth, 'job_queue_depth', { queue: 'auth-email' })).toBe(0);
    const age = family(families, 'job_queue_oldest_age_seconds', 'gauge');
    expect(age.samples.map((sample) => sample.labels.queue)).toEqual(
      depth.samples.map((sample) => sample.labels.queue),
    );

    const renders = family(families, 'pdf_render_duration_seconds', 'histogram');
    expect(sampleValue(renders, 'pdf_render_duration_seconds_count', { kind: 'warm-up', outcome: 'ok' })).toBe(1);
    const rendering = family(families, 'pdf_render_pool', 'gauge');
    expect(sampleValue(rendering, 'pdf_render_pool', { state: 'threads' })).toBe(1);
    expect(sampleValue(rendering, 'pdf_render_pool', { state: 'running' })).toBe(0);

    const lag = family(families, 'nodejs_eventloop_lag_p99_seconds', 'gauge');
    const p99 = lag.samples[0]?.value ?? -1;
    expect(p99).toBeGreaterThan(0);
    expect(p99).toBeLessThan(5);
  });

  it('counts the backlog of a queue and the age of its oldest due job', async () => {
    // A queue no worker here takes, so its jobs stay waiting.
    await query(`select pgboss.create_queue('ops-backlog', '{"policy":"standard"}')`);
    await query(
      `insert into pgboss.job (name, data, start_after, created_on)
       values ('ops-backlog', '{}', now() - interval '90 seconds', now() - interval '90 seconds'),
              ('ops-backlog', '{}', now() + interval '1 hour', now())`,
    );
    try {
      // The backlog query is shared by one scrape's gauges for a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const families = await scrape();
      expect(
        sampleValue(family(families, 'job_queue_depth', 'gauge'), 'job_queue_depth', { queue: 'ops-backlog' }),
      ).toBe(2);
      const age = sampleValue(
        family(families, 'job_queue_oldest_age_seconds', 'gauge'),
        'job_queue_oldest_age_seconds',
        {
          queue: 'ops-backlog',
        },
      );
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(300);
    } finally {
      await query(`delete from pgboss.job where name = 'ops-backlog'`);
    }
  });

  it('without METRICS_TOKEN, answers only callers on this machine, judged by the socket', async () => {
    await scrape(app);
    const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(errorResponseSchema.parse(remote.json()).error.code).toBe('forbidden');
    // A proxy on this machine forwarding someone from outside.
    const forwarded = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.statusCode).toBe(403);
    await scrape(app, {});
    expect((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, asks every caller for it as a Bearer token', async () => {
    const token = 'a-long-enough-metrics-token';
    const guarded = await buildTestApp(database.db, { settings: { metricsToken: token } });
    try {
      const missing = await guarded.inject({ url: '/metrics' });
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(errorResponseSchema.parse(missing.json()).error.code).toBe('unauthorized');
      const wrong = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      const families = await scrape(guarded, { authorization: `Bearer ${token}` });
      expect(families.has('http_requests_total')).toBe(true);
      const remote = await guarded.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(remote.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('are live and ready with the database up, migrated, and the queue running', async () => {
    const live = await app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(livenessResponseSchema.parse(live.json())).toEqual({ status: 'ok' });
    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(readinessResponseSchema.parse(ready.json())).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'done', queue: 'running' },
    });
  });

  it('is not ready while the newest migration is missing', async () => {
    const { rows } = await query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
    );
    try {
      const ready = await app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { migrations: 'pending' } });
    } finally {
      await query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        rows[0].hash,
        rows[0].created_at,
      ]);
    }
  });

  it('is not ready once the job queue has stopped, and still live', async () => {
    const stopping = await buildTestApp(database.db);
    try {
      expect((await stopping.inject('/api/health/ready')).statusCode).toBe(200);
      await stopping.jobQueue.stop(1000);
      const ready = await stopping.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'up', migrations: 'done', queue: 'stopped' },
      });
      expect((await stopping.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });

  it('is not ready with the database unreachable, and still live', async () => {
    const unreachable = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none');
    const downApp = await buildTestApp(unreachable);
    try {
      const ready = await downApp.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'down', migrations: 'unknown', queue: 'stopped' },
      });
      expect((await downApp.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await downApp.close();
      await unreachable.$client.end();
    }
  });
});

describe('request ids', () => {
  it('are in the header, in every error answer, and on the log lines of the request', async () => {
    const invalid = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 42 } });
    expect(invalid.statusCode).toBe(400);
    const invalidId = invalid.headers['x-request-id'];
    expect(invalidId).toMatch(/^[0-9a-f-]{36}$/);
    expect(errorResponseSchema.parse(invalid.json()).error.request_id).toBe(invalidId);

    const missing = await app.inject('/api/no-such-endpoint');
    expect(missing.statusCode).toBe(404);
    const missingId = missing.headers['x-request-id'];
    expect(errorResponseSchema.parse(missing.json()).error).toMatchObject({ code: 'not_found', request_id: missingId });
    expect(missingId).not.toBe(invalidId);

    const completed = logLines.filter((line) => line.msg === 'request completed');
    expect(completed.find((line) => line.reqId === invalidId)).toMatchObject({
      status: 400,
      route: '/api/auth/signin',
    });
    expect(completed.find((line) => line.reqId === missingId)).toMatchObject({ status: 404 });

    // A URL Fastify cannot read is answered before any hook: it carries the id all the same.
    const unreadable = await app.inject('/api/certificates/%E0%A4%A');
    expect(unreadable.statusCode).toBe(400);
    expect(errorOf(unreadable).code).toBe('validation_failed');
  });

  it("honour a proxy's short, safe X-Request-Id and replace any other", async () => {
    const honoured = await app.inject({ url: '/api/nowhere', headers: { 'x-request-id': 'edge-7f3a.42_b' } });
    expect(honoured.headers['x-request-id']).toBe('edge-7f3a.42_b');
    expect(errorResponseSchema.parse(honoured.json()).error.request_id).toBe('edge-7f3a.42_b');
    for (const unsafe of ['has spaces in it', 'x'.repeat(65), 'quote"d', 'line\\nbreak']) {
      const replaced = await app.inject({ url: '/api/nowhere', headers: { 'x-request-id': unsafe } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

/** Holds the event loop for `ms`, as CPU-bound work would. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

describe('back-pressure', () => {
  it('answers 503 with Retry-After in the error shape while the pool queue is long, but never health or metrics', async () => {
    const pool = createDatabase(database.url, { maxConnections: 2 });
    const pressed = await buildTestApp(pool, {
      settings: { backPressure: { maxEventLoopDelayMs: 0, maxDatabaseWaiting: 3, sampleIntervalMs: 25 } },
    });
    // Only this test's queries use the pool.
    await pressed.jobQueue.stop(1000);
    const held = await Promise.all([pool.$client.connect(), pool.$client.connect()]);
    // On a starved machine they may reach the pool's checkout timeout (5 s) before the end: either way is fine.
    const waiting = Array.from({ length: 4 }, () => pool.$client.query('select 1').catch((error: Error) => error));
    try {
      expect(pool.$client.waitingCount).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const shed = await pressed.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      const { error } = errorResponseSchema.parse(shed.json());
      expect(error).toMatchObject({ code: 'service_unavailable', request_id: shed.headers['x-request-id'] });
      expect((await pressed.inject('/api/health/live')).statusCode).toBe(200);
      expect((await pressed.inject('/metrics')).statusCode).toBe(200);
    } finally {
      for (const client of held) client.release();
      await Promise.all(waiting);
    }
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const served = await pressed.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
      expect(served.statusCode).toBe(400);
    } finally {
      await pressed.close();
      await pool.$client.end();
    }
  });

  it('answers 503 while the event loop lags past its limit', async () => {
    const pressed = await buildTestApp(database.db, {
      settings: { backPressure: { maxEventLoopDelayMs: 20, maxDatabaseWaiting: 0, sampleIntervalMs: 200 } },
    });
    await pressed.ready();
    // A lag that lasts, as an overload does: 100 ms of work at every turn of the loop. A single
    // block would show in one sample only, and whether a request meets that sample is the
    // scheduler's choice; a lasting lag shows in every sample from the first one it spans.
    const lagging = setInterval(() => busyFor(100), 0);
    let shed: Awaited<ReturnType<typeof pressed.inject>> | undefined;
    try {
      await expect
        .poll(
          async () => {
            shed = await pressed.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
            return shed.statusCode;
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBe(503);
      expect(shed?.headers['retry-after']).toBe('5');
      expect(errorResponseSchema.parse(shed?.json()).error.code).toBe('service_unavailable');
      expect((await pressed.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      clearInterval(lagging);
      await pressed.close();
    }
  });

  it('serves the first request after a start-up that held the event loop', async () => {
    const starting = await buildTestApp(database.db, {
      settings: { backPressure: { maxEventLoopDelayMs: 20, maxDatabaseWaiting: 0, sampleIntervalMs: 1_000 } },
    });
    // Start-up work that holds the loop far past the limit (a busy machine took 2.9 s), before ready.
    await starting.register(async () => busyFor(4_000));
    try {
      await starting.ready();
      // A turn of the timers first, as before any real request: a sample already due is taken.
      await new Promise((resolve) => setTimeout(resolve, 10));
      const first = await starting.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
      expect(first.statusCode).toBe(400);
    } finally {
      await starting.close();
    }
  });
});
