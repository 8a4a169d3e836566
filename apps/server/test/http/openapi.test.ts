import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as contract from '@app/contract';
import { type Endpoint, errorCodes, openApiPath } from '@app/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { compileDocumentSchemas, PUBLISHED_DOCUMENT_PATH } from '../support/openapi-answers.ts';
import { errorOf } from '../support/responses.ts';
import { registeredRoutes } from '../support/routes.ts';

let webDistDir: string;
type Response = OpenAPIV3_1.ResponseObject;
type Operation = Omit<OpenAPIV3_1.OperationObject, 'responses'> & { responses: Record<string, Response> };
type Parameter = OpenAPIV3_1.ParameterObject;
let document: Omit<OpenAPIV3_1.Document, 'paths'> & { paths: Record<string, Record<string, Operation>> };
type SchemaObject = OpenAPIV3_1.SchemaObject;

const operations = () =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method,
      url,
      operation,
    })),
  );

// HEAD is left out on both sides: Fastify answers it for every GET.
const OPENAPI_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']);

/** Every /api operation the app registered (`:id` as OpenAPI's `{id}`), but the docs themselves. */
function registeredOperations() {
  return registeredRoutes(app)
    .filter(({ method, url }) => OPENAPI_METHODS.has(method) && url.startsWith('/api/') && !url.startsWith('/api/docs'))
    .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
    .sort();
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** Every endpoint the contract declares, found among its exports (alone or in a group like `swmsEndpoints`). */
function allEndpoints(): Endpoint[] {
  const found = new Set<Endpoint>();
  for (const value of Object.values(contract)) {
    if (isEndpoint(value)) found.add(value);
    else if (typeof value === 'object' && value !== null) {
      for (const inner of Object.values(value)) if (isEndpoint(inner)) found.add(inner);
    }
  }
  return [...found];
}

beforeAll(async () => {
  // A built web app is present, so the SPA fallback is live and must not swallow the docs.
  webDistDir = await mkdtemp(path.join(tmpdir(), 'tradecert-web-'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>SPA</title>');
});
afterAll(() => rm(webDistDir, { recursive: true, force: true }));

// Validating and compiling the whole document holds the event loop: back-pressure is off in this file.
const { app } = setUpTestApp(() => ({
  settings: { webDistDir, backPressure: { maxEventLoopDelayMs: 0, maxDatabaseWaiting: 200, sampleIntervalMs: 1000 } },
}));

beforeAll(async () => {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('is the published copy (docs/api/openapi.json; UPDATE_OPENAPI=1 rewrites it)', async () => {
    const published = `${JSON.stringify(document, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') await writeFile(PUBLISHED_DOCUMENT_PATH, published);
    expect(await readFile(PUBLISHED_DOCUMENT_PATH, 'utf8')).toBe(published);
  });

  it('names each operation once, with a tag the document defines and a summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const { method, url, operation } of operations()) {
      expect(operation.tags?.length, `${method} ${url}`).toBe(1);
      expect(tags.has(operation.tags?.[0] ?? ''), `${method} ${url}`).toBe(true);
    }
    expect(document.paths['/api/certificates']?.post?.operationId).toBe('certificatesCreate');
    expect(document.paths['/api/auth/signin']?.post?.operationId).toBe('authSignIn');
    expect(Object.keys(document.paths).some((url) => url.includes('*'))).toBe(false);
  });

  it('allows null where answers give it, as JSON Schema does (no `nullable`)', () => {
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    const panel = document.paths['/api/signing/documents/{kind}/{id}']?.get?.responses['200'] as Response;
    const signer = JSON.stringify(panel.content?.['application/json']?.schema);
    expect(signer).toContain(
      '"revoked_reason":{"anyOf":[{"type":"string","enum":["owner","new_version"]},{"type":"null"}]',
    );
  });

  it('declares what happens: 413 and 415 wherever a body may come, Retry-After on 429 and 503, the device cookie, the literal DELETE', () => {
    for (const { method, url, operation } of operations()) {
      if (operation.requestBody || method !== 'get') {
        expect(Object.keys(operation.responses), `${method} ${url}`).toEqual(expect.arrayContaining(['413', '415']));
      }
      for (const status of ['429', '503']) {
        const response = operation.responses[status] as Response | undefined;
        if (response?.content?.['application/json'] && !(status === '503' && url.startsWith('/api/health'))) {
          expect(response.headers?.['Retry-After'], `${method} ${url} ${status}`).toEqual({
            $ref: '#/components/headers/RetryAfter',
          });
        }
      }
    }
    const signIn = document.paths['/api/auth/signin']?.post as Operation;
    expect((signIn.responses['200'] as Response).headers?.['Set-Cookie']).toBeDefined();
    const deletion = document.paths['/api/account/delete']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const fields = deletion.content['application/json']?.schema as SchemaObject;
    expect(fields.properties?.confirmation).toMatchObject({ const: 'DELETE' });
  });

  it('describes auth, paging, timestamps and the fields that are not obvious', () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearerAuth', 'session']);
    expect(document.info.description).toContain('POST /api/auth/refresh');
    expect(document.components?.parameters?.PageCursor).toMatchObject({ in: 'query', name: 'cursor' });
    const text = JSON.stringify(document);
    expect(text.match(/"format":"date-time"/g)?.length).toBeGreaterThan(60);
    const parameters = operations().flatMap(({ operation }) => (operation.parameters ?? []) as Parameter[]);
    const described = parameters.filter((parameter) => '$ref' in parameter || parameter.description);
    expect(described.length / parameters.length).toBeGreaterThan(0.9);
  });

  it('lists every /api route the app registered, each with a summary, and nothing else', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([url, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${url}`))
      .sort();
    expect(documented).toEqual(registeredOperations());
    expect(documented.length).toBeGreaterThan(25);
    for (const [url, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item ?? {}) as Array<[string, Operation]>) {
        expect(operation.summary, `${method} ${url}`).toBeTruthy();
        expect(operation.responses.default).toEqual({
          description: expect.any(String),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        });
      }
    }
  });

  it('describes request bodies and responses from the contract schemas', () => {
    const create = document.paths['/api/certificates']?.post as Operation;
    const body = (create.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']
      ?.schema as SchemaObject;
    expect(body.required).toEqual(['user_id', 'status']);
    expect(body.properties?.installation_date).toMatchObject({
      anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
    });
    expect(body.properties?.user_id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(body.properties?.status).toMatchObject({ enum: ['draft', 'completed'] });
    expect(create.responses['201']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });

    const list = document.paths['/api/certificates']?.get?.parameters as Parameter[];
    expect(list).toEqual([
      { $ref: '#/components/parameters/PageLimit' },
      { $ref: '#/components/parameters/PageCursor' },
      expect.objectContaining({ in: 'query', name: 'status' }),
      expect.objectContaining({ in: 'query', name: 'q' }),
      expect.objectContaining({ in: 'query', name: 'made_by', schema: expect.objectContaining({ enum: ['me'] }) }),
    ]);
    expect(document.components?.schemas?.ErrorResponse).toMatchObject({ required: ['error'] });
  });

  it("lists each operation's error codes by status, from the contract declaration", () => {
    const create = document.paths['/api/certificates']?.post as Operation;
    const codesAt = (status: string) =>
      ((create.responses[status] as Response).content?.['application/json']?.schema as SchemaObject | undefined)
        ?.allOf?.[1];
    const narrowed = (codes: string[]) => ({
      type: 'object',
      properties: { error: { type: 'object', properties: { code: { type: 'string', enum: codes } } } },
    });
    // Its own, then an API token's (ADR 0055): one not allowed to write; then a member without a seat's.
    expect(codesAt('403')).toEqual(
      narrowed(['user_mismatch', 'premium_required', 'monthly_limit_reached', 'forbidden', 'seat_required']),
    );
    expect(codesAt('401')).toEqual(narrowed(['no_session', 'session_expired', 'unauthorized']));
    // A signed-in session, or an API token with the write scope (ADR 0055).
    expect(create.security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    const pdf = document.paths['/api/certificates/{id}/pdf']?.get as Operation;
    expect(pdf.responses['200']).toMatchObject({ content: { 'application/pdf': { schema: { format: 'binary' } } } });
    expect(pdf.security).toEqual([{ session: [] }, {}, { bearerAuth: [] }]);
  });

  it('lists the 429 of every endpoint that declares a rate limit or lets API tokens in, and of no other', () => {
    const declared = allEndpoints().filter((endpoint) => endpoint.rateLimit);
    expect(declared.length).toBeGreaterThan(10);
    for (const endpoint of allEndpoints()) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()] as
        | Operation
        | undefined;
      if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is not in the document`);
      const tooMany = operation.responses['429'] as Response | undefined;
      const codes = JSON.stringify(tooMany?.content ?? {});
      expect(codes.includes('over_request_rate_limit'), `${endpoint.method} ${endpoint.path}`).toBe(
        endpoint.rateLimit !== undefined ||
          endpoint.errors.includes(errorCodes.requestRateLimit) ||
          // Counted per token (ADR 0055).
          (endpoint.apiTokens !== undefined && endpoint.apiTokens !== 'never'),
      );
    }
  });
});

describe('GET /api/docs', () => {
  it('answers the reference as one HTML page, with no script and nothing fetched', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toMatch(/<link|src=|url\(/);
    expect(response.body).not.toContain('<title>SPA</title>');
    for (const operation of registeredOperations()) {
      const [method = '', url = ''] = operation.split(' ');
      expect(response.body).toContain(`<code class="method">${method}</code> <code>${url}</code>`);
    }
    expect(response.body).toContain('Create a certificate, as a draft or completed');
    expect(response.body).toContain('Request body (application/json)');
    expect(response.body).toContain('<h3>Authentication</h3>');
    expect(response.body).toContain('operationId <code>certificatesCreate</code>');
    expect(response.body).toContain('<td><code>revoked_reason</code></td>');
  });

  it('is not answered by the SPA fallback or the API 404', async () => {
    expect((await app.inject({ url: '/some/page' })).body).toContain('<title>SPA</title>');
    expect((await app.inject({ url: '/api/docs/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/docs/' })).statusCode).not.toBe(500);
  });
});

describe('a method a path does not have', () => {
  it('answers 405 with Allow in the error shape, and 404 for a path the API does not have', async () => {
    const wrong = await app.inject({ method: 'GET', url: '/api/auth/signin' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(errorOf(wrong)).toEqual({
      code: 'method_not_allowed',
      message: 'GET is not allowed on /api/auth/signin; it takes POST.',
    });
    const withId = await app.inject({ method: 'POST', url: '/api/certificates/0d4c4f0e-3f5a-4c3e-9a53-1f0c8f0b7a11' });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('refuses a CORS preflight with 405 and grants no cross-origin access (ADR 0054)', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/certificates',
      headers: {
        origin: 'https://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers.allow).toBe('GET, HEAD, POST');
    expect(errorOf(preflight).message).toContain('Cross-origin requests are not accepted');
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('the schemas', () => {
  it('compile in a JSON Schema validator that knows nothing of zod (Ajv 2020 with formats)', () => {
    expect(compileDocumentSchemas(document)).toBeGreaterThan(200);
  });
});
