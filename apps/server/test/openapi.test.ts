import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as contract from '@app/contract';
import { type Endpoint, errorCodes, openApiPath } from '@app/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/app.ts';
import { registeredRoutes } from './support/routes.ts';

let webDistDir: string;
let document: OpenAPIV3.Document;

// HEAD is left out on both sides: Fastify answers it for every GET.
const OPENAPI_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']);

/** Every /api operation the app registered (`:id` as OpenAPI's `{id}`), but the docs themselves. */
function registeredOperations() {
  return registeredRoutes(app)
    .filter(({ method, url }) => OPENAPI_METHODS.has(method) && url.startsWith('/api/') && !url.startsWith('/api/docs'))
    .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`)
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

const { app } = setUpTestApp(() => ({ settings: { webDistDir } }));

beforeAll(async () => {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
  });

  it('lists every /api route the app registered, each with a summary, and nothing else', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([url, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${url}`))
      .sort();
    expect(documented).toEqual(registeredOperations());
    expect(documented.length).toBeGreaterThan(25);
    for (const [url, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item ?? {}) as Array<[string, OpenAPIV3.OperationObject]>) {
        expect(operation.summary, `${method} ${url}`).toBeTruthy();
        expect(operation.responses.default).toEqual({
          description: expect.any(String),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        });
      }
    }
  });

  it('describes request bodies and responses from the contract schemas', () => {
    const create = document.paths['/api/certificates']?.post as OpenAPIV3.OperationObject;
    const body = (create.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']
      ?.schema as OpenAPIV3.SchemaObject;
    expect(body.required).toEqual(['user_id', 'status']);
    expect(body.properties?.installation_date).toMatchObject({ type: 'string', format: 'date', nullable: true });
    expect(body.properties?.user_id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(body.properties?.status).toMatchObject({ enum: ['draft', 'completed'] });
    expect(create.responses['201']).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });

    const list = document.paths['/api/certificates']?.get?.parameters as OpenAPIV3.ParameterObject[];
    expect(list.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'query limit',
      'query cursor',
      'query status',
      'query q',
    ]);
    expect(document.components?.schemas?.ErrorResponse).toMatchObject({ required: ['error'] });
  });

  it("lists each operation's error codes by status, from the contract declaration", () => {
    const create = document.paths['/api/certificates']?.post as OpenAPIV3.OperationObject;
    const codesAt = (status: string) =>
      (
        (create.responses[status] as OpenAPIV3.ResponseObject).content?.['application/json']?.schema as
          | OpenAPIV3.SchemaObject
          | undefined
      )?.properties?.error;
    // Its own, then an API token's (ADR 0055): one not allowed to write, or whose owner lost Premium.
    expect(codesAt('403')).toMatchObject({
      properties: { code: { enum: ['user_mismatch', 'monthly_limit_reached', 'forbidden', 'premium_required'] } },
    });
    expect(codesAt('401')).toMatchObject({
      properties: { code: { enum: ['no_session', 'session_expired', 'unauthorized'] } },
    });
    expect(create.security).toEqual([{ bearer: [] }]);
    const pdf = document.paths['/api/certificates/{id}/pdf']?.get as OpenAPIV3.OperationObject;
    expect(pdf.responses['200']).toMatchObject({ content: { 'application/pdf': { schema: { format: 'binary' } } } });
    expect(pdf.security).toEqual([{ bearer: [] }, {}]);
  });

  it('lists the 429 of every endpoint that declares a rate limit or lets API tokens in, and of no other', () => {
    const declared = allEndpoints().filter((endpoint) => endpoint.rateLimit);
    expect(declared.length).toBeGreaterThan(10);
    for (const endpoint of allEndpoints()) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[
        endpoint.method.toLowerCase() as OpenAPIV3.HttpMethods
      ] as OpenAPIV3.OperationObject | undefined;
      if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is not in the document`);
      const tooMany = operation.responses['429'] as OpenAPIV3.ResponseObject | undefined;
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
  it('answers an HTML page listing each operation, with no script to trip the CSP', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('<title>SPA</title>');
    for (const operation of registeredOperations()) {
      const [method = '', url = ''] = operation.split(' ');
      expect(response.body).toContain(`<code class="method">${method}</code> <code>${url}</code>`);
    }
    expect(response.body).toContain('Create a certificate, as a draft or completed');
    expect(response.body).toContain('Request body (application/json)');
  });

  it('is not answered by the SPA fallback or the API 404', async () => {
    expect((await app.inject({ url: '/some/page' })).body).toContain('<title>SPA</title>');
    expect((await app.inject({ url: '/api/docs/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/docs/' })).statusCode).not.toBe(500);
  });
});
