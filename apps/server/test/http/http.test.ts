import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { errorResponseSchema, healthResponseSchema } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createDatabase } from '../../src/db/client.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';

let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'tradecert-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
});

const { database, app } = setUpTestApp(() => ({ settings: { webDistDir } }));

beforeAll(async () => {
  // Probe routes for the error handler; they exist only in this test.
  app.post('/api/__probe/validate', { schema: { body: z.object({ name: z.string().check(z.minLength(2)) }) } }, () => ({
    ok: true,
  }));
  app.get('/api/__probe/crash', () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});

describe('GET /api/health', () => {
  it('answers 200 with the database up', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('answers 503 "busy" instead of waiting for ever when no database connection comes free', async () => {
    const pool = createDatabase(database.url, { maxConnections: 2 });
    const busyApp = await buildTestApp(pool);
    // Every connection held, as a stalled peer inside a transaction used to hold them.
    const held = await Promise.all([pool.$client.connect(), pool.$client.connect()]);
    try {
      const response = await busyApp.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'nobody@example.com', password: 'whatever-it-is' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(errorResponseSchema.parse(response.json()).error).toMatchObject({ code: 'service_unavailable' });
    } finally {
      for (const client of held) client.release();
      await busyApp.close();
      await pool.$client.end();
    }
  });

  it('answers 503 with the database down, not a 500', async () => {
    const unreachable = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none');
    const downApp = await buildTestApp(unreachable);
    try {
      const response = await downApp.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'degraded', database: { status: 'down' } });
    } finally {
      await downApp.close();
      await unreachable.$client.end();
    }
  });
});

describe('error shape', () => {
  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    const response = await app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('not_found');
  });

  it('answers invalid input with 400 and per-field details', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/__probe/validate', payload: { name: 'x' } });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details?.[0]?.path).toBe('name');
  });

  it('answers deeply nested JSON with a 400 at once, without walking it (no stack overflow, no stall)', async () => {
    // The review's attack: 20 arrays each 6,000 deep in one 230 KB body, and one 7,000 deep.
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const bodies = [
      `{"email":"a@b.co","password":${deep(7000)}}`,
      `{"email":"a@b.co","password":[${Array.from({ length: 20 }, () => deep(6000)).join(',')}]}`,
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    ];
    const responses = await Promise.all(
      bodies.map((payload) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(errorResponseSchema.parse(response.json()).error.message).toMatch(/nested too deeply/);
    }
  });

  it('still reads JSON whose strings contain brackets', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__probe/validate',
      payload: { name: `${'['.repeat(100)}\\"${'{'.repeat(100)}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('validation_failed');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__probe/validate',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('unsupported_media_type');
  });

  it('hides internal errors: generic message, no stack or detail', async () => {
    const response = await app.inject('/api/__probe/crash');
    expect(response.statusCode).toBe(500);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('internal_error');
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('request ids and security headers', () => {
  it('returns a request id and the security headers on every response', async () => {
    const response = await app.inject('/api/health');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('asks browsers to keep to HTTPS (HSTS) only when the public URL is https', async () => {
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp(database.db, {
      settings: { webDistDir, publicUrl: 'https://certs.example.com' },
    });
    try {
      expect((await secure.inject('/api/health')).headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await secure.close();
    }
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-123' } });
    expect(kept.headers['x-request-id']).toBe('proxy-123');
    const replaced = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\n<script>' } });
    expect(replaced.headers['x-request-id']).not.toContain('script');
  });
});

describe('single-page app hosting', () => {
  it.each(['/', '/certificates/3f1c', '/swms/cover-sheet/edit/9', '/no/such/page'])(
    'serves index.html for %s (history fallback)',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed Brotli copy to browsers that accept it, and the plain file otherwise', async () => {
    const compressed = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const response = await app.inject('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});
