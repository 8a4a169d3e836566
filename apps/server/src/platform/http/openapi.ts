import {
  commonErrorCodes,
  type Endpoint,
  type ErrorCode,
  errorCodes,
  errorResponseSchema,
  errorStatuses,
  fieldIssueSchema,
  isFileResponse,
  isMultipartUpload,
  openApiPath,
  type Schema,
  sessionErrorCodes,
} from '@app/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod/mini';
// route.ts declares the route config (endpoint, undeclared) read here.
import type {} from './route.ts';

/**
 * The methods documented: those an OpenAPI 3.0 path item can hold (`app.all` also registers QUERY),
 * less HEAD, which Fastify answers for every GET.
 */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;
type OpenApiMethod = (typeof OPENAPI_METHODS)[number];
const isOpenApiMethod = (method: string): method is OpenApiMethod => OPENAPI_METHODS.some((known) => known === method);

type Document = OpenAPIV3.Document;
type Operation = OpenAPIV3.OperationObject;
type JsonSchema = OpenAPIV3.SchemaObject;

const errorResponse: OpenAPIV3.ResponseObject = {
  description: 'Any failure: `{ error: { code, message, details?, request_id } }`, with a 4xx or 5xx status.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};

// The JSON Schema zod writes for the OpenAPI 3.0 dialect is that dialect's schema object.
const jsonSchema = (schema: Schema, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 503: 'Service unavailable' };

/** The codes an endpoint can answer with, grouped by status, as the error shape with `code` narrowed to them. */
function errorResponses(codes: readonly ErrorCode[]): Record<number, OpenAPIV3.ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorStatuses[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, OpenAPIV3.ResponseObject> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shape = z.object({
      error: z.object({
        code: z.enum(statusCodes),
        message: z.string(),
        details: z.optional(z.array(fieldIssueSchema)),
        request_id: z.string(),
      }),
    });
    responses[status] = {
      description: `Error: ${statusCodes.join(', ')}`,
      content: { 'application/json': { schema: jsonSchema(shape, 'output') } },
    };
  }
  return responses;
}

function parameters(location: 'path' | 'query', schema: z.ZodMiniObject | undefined): OpenAPIV3.ParameterObject[] {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({
    in: location,
    name,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

function requestBody(body: Endpoint['body']): OpenAPIV3.RequestBodyObject | undefined {
  if (!body) return undefined;
  if (isMultipartUpload(body)) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
}

const SECURITY: Record<Endpoint['auth'], OpenAPIV3.SecurityRequirementObject[]> = {
  none: [],
  optional: [{ bearer: [] }, {}],
  required: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/** The codes an auth mode adds: a signed-in route's session refusals, and an admin route's 403 too. */
const AUTH_ERROR_CODES: Record<Endpoint['auth'], readonly ErrorCode[]> = {
  none: [],
  optional: [],
  required: sessionErrorCodes,
  admin: [...sessionErrorCodes, errorCodes.forbidden],
};

const rateLimitedCode = errorCodes.requestRateLimit;

/**
 * What an API token is refused with (ADR 0055): 403 wherever a caller is read and tokens may not go
 * (or a read-only token writes); where they may, also the owner's lapsed Premium and the token's rate.
 */
function apiTokenErrorCodes(endpoint: Endpoint): readonly ErrorCode[] {
  if (endpoint.auth === 'none') return [];
  const open = endpoint.apiTokens === 'read' || endpoint.apiTokens === 'write';
  return open ? [errorCodes.forbidden, errorCodes.premiumRequired, rateLimitedCode] : [errorCodes.forbidden];
}

/** The operation for one declared endpoint: its parameters, body, answers and the errors it can give. */
function operationOf(endpoint: Endpoint): Operation {
  const responses: OpenAPIV3.ResponsesObject = {};
  const errorCodes = [
    ...commonErrorCodes,
    ...AUTH_ERROR_CODES[endpoint.auth],
    ...endpoint.errors,
    ...apiTokenErrorCodes(endpoint),
    // A declared rate limit answers 429 past it (platform/http/route.ts).
    ...(endpoint.rateLimit ? [rateLimitedCode] : []),
  ];
  for (const [status, response] of Object.entries(errorResponses(errorCodes))) responses[status] = response;
  for (const [status, body] of Object.entries(endpoint.responses)) {
    const schema: JsonSchema = isFileResponse(body) ? { type: 'string', format: 'binary' } : jsonSchema(body, 'output');
    const contentType = isFileResponse(body) ? body.contentType : 'application/json';
    const error = responses[status];
    // A status with its own body that can also be an error (503 of the health check): either shape.
    const errorSchema = error && 'content' in error ? error.content?.['application/json']?.schema : undefined;
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? `Status ${status}`,
      content: { [contentType]: { schema: errorSchema ? { oneOf: [schema, errorSchema] } : schema } },
    };
  }
  responses.default = errorResponse;
  const body = requestBody(endpoint.body);
  return {
    summary: endpoint.summary,
    ...(endpoint.auth !== 'none' && {
      description: `Authentication: ${endpoint.auth}. API tokens: ${endpoint.apiTokens ?? 'never'}.`,
    }),
    parameters: [...parameters('path', endpoint.params), ...parameters('query', endpoint.query)],
    ...(body && { requestBody: body }),
    responses,
    security: SECURITY[endpoint.auth],
  };
}

/** A route registered without a declaration (the disabled bundles): its summary and the codes it answers. */
function undeclaredOperation(url: string, { summary, errors }: { summary: string; errors: readonly ErrorCode[] }) {
  return {
    summary,
    parameters: url.endsWith('*') ? [{ in: 'path', name: '*', required: true, schema: { type: 'string' } }] : [],
    responses: { ...errorResponses(errors), default: errorResponse },
    security: [],
  } satisfies Operation;
}

const info: OpenAPIV3.InfoObject = {
  title: 'TradeCert API',
  version: '1',
  description:
    'Waterproofing certificates. Sign in with POST /api/auth/signin and send the access token as `Authorization: Bearer <token>`.',
};

const documentPath = (url: string) => openApiPath(url).replace(/\*$/, '{*}');

/**
 * ARCHITECTURE.md: the OpenAPI document, generated from the contract's endpoint declarations the
 * routes were registered from (route.ts), at GET /api/docs/json, and a page listing it at GET
 * /api/docs. The page is rendered here as plain HTML with no script, so it works under the app's CSP
 * (script-src 'self') without a UI bundle. Register before the API routes: routes are recorded as
 * they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const paths: OpenAPIV3.PathsObject = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    const { endpoint, undeclared } = route.config ?? {};
    const operation = endpoint ? operationOf(endpoint) : undeclared && undeclaredOperation(route.url, undeclared);
    if (!operation) return;
    const path = documentPath(route.url);
    const item = paths[path] ?? {};
    paths[path] = item;
    for (const method of [route.method].flat()) {
      const key = method.toLowerCase();
      if (isOpenApiMethod(key)) item[key] = operation;
    }
  });

  const document: Document = {
    openapi: '3.0.3',
    info,
    paths,
    components: {
      schemas: { ErrorResponse: jsonSchema(errorResponseSchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
  let page: string | undefined;
  app.get('/api/docs/json', () => document);
  app.get('/api/docs', (_request, reply) => {
    page ??= renderDocsPage(document);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function renderOperation(method: string, path: string, operation: Operation): string {
  const parts: string[] = [];
  for (const parameter of (operation.parameters ?? []) as OpenAPIV3.ParameterObject[]) {
    parts.push(
      schemaBlock(`${parameter.in} ${parameter.name}${parameter.required ? ' (required)' : ''}`, parameter.schema),
    );
  }
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  for (const [type, media] of Object.entries(body?.content ?? {}))
    parts.push(schemaBlock(`Request body (${type})`, media.schema));
  for (const [status, response] of Object.entries(operation.responses) as Array<[string, OpenAPIV3.ResponseObject]>) {
    const schema = response.content?.['application/json']?.schema;
    parts.push(
      schema
        ? schemaBlock(`Response ${status}`, schema)
        : `<p>Response ${escapeHtml(status)}: ${escapeHtml(response.description)}</p>`,
    );
  }
  return `<section id="${escapeHtml(`${method}-${path}`)}"><h2><code class="method">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code></h2>${
    operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : ''
  }${parts.join('')}</section>`;
}

function renderDocsPage(document: Document): string {
  const sections: string[] = [];
  for (const [path, item = {}] of Object.entries(document.paths)) {
    for (const method of OPENAPI_METHODS) {
      const operation = item[method];
      if (operation) sections.push(renderOperation(method, path, operation));
    }
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
section { border-top: 1px solid #cbd5e1; padding: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 0.5rem 0; }
.method { font-weight: 700; }
pre { background: #f1f5f9; padding: 0.75rem; overflow-x: auto; font-size: 0.85rem; }
summary { cursor: pointer; }
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/docs/json">/api/docs/json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
${sections.join('\n')}
</body>
</html>
`;
}
