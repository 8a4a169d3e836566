import { errorResponseSchema } from '@app/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod/mini';

/**
 * The methods documented: those an OpenAPI 3.0 path item can hold (`app.all` also registers QUERY),
 * less HEAD, which Fastify answers for every GET.
 */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

type Document = OpenAPIV3.Document;
type Operation = OpenAPIV3.OperationObject;

const errorResponse: OpenAPIV3.ResponseObject = {
  description: 'Any failure: `{ error: { code, message, details? } }`, with a 4xx or 5xx status.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};

/** Adds what every route shares: the error shape, the Bearer scheme; drops methods 3.0 cannot hold. */
function completeDocument(document: Document): Document {
  const paths: OpenAPIV3.PathsObject = {};
  for (const [path, item = {}] of Object.entries(document.paths)) {
    const kept: OpenAPIV3.PathItemObject = {};
    for (const method of OPENAPI_METHODS) {
      const operation = item[method];
      if (operation) kept[method] = { ...operation, responses: { ...operation.responses, default: errorResponse } };
    }
    paths[path] = kept;
  }
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        ErrorResponse: z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }) as OpenAPIV3.SchemaObject,
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    // Routes that need a session say so with a 401; the others ignore the header.
    security: [{ bearer: [] }, {}],
  };
}

/**
 * ARCHITECTURE.md: the OpenAPI document, generated from the same zod schemas the routes validate with,
 * at GET /api/docs/json, and a page listing it at GET /api/docs. The page is rendered here as plain
 * HTML with no script, so it works under the app's CSP (script-src 'self') without a UI bundle.
 * Register before the API routes: @fastify/swagger records routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TradeCert API',
        version: '1',
        description:
          'Waterproofing certificates. Sign in with POST /api/auth/signin and send the access token as `Authorization: Bearer <token>`.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      completeDocument((documentObject as { openapiObject: Document }).openapiObject),
  });

  let page: string | undefined;
  app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, (_request, reply) => {
    page ??= renderDocsPage(app.swagger() as Document);
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
