import {
  commonErrorCodes,
  type Endpoint,
  type ErrorCode,
  errorCodes,
  errorResponseSchema,
  errorStatuses,
  isFileResponse,
  isMultipartUpload,
  MEMBER_ROLES,
  needsSeat,
  openApiPath,
  operationGroups,
  operationNames,
  PERMISSIONS,
  type Permission,
  type Schema,
  sessionErrorCodes,
  timestampSchema,
} from '@app/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod/mini';
import type {
  Document,
  JsonSchema,
  OpenApiMethod,
  Operation,
  Parameter,
  Reference,
  RequestBody,
  Responses,
} from './openapi-document.ts';
import { OPERATION_EXAMPLES, RESPONSE_HEADERS } from './openapi-examples.ts';
import { renderReference } from './openapi-page.ts';
import {
  API_DESCRIPTION,
  API_TOKEN_SCHEME_DESCRIPTION,
  DEVICE_COOKIE_DESCRIPTION,
  FIELD_DESCRIPTIONS,
  PAGE_CURSOR_DESCRIPTION,
  PAGE_LIMIT_DESCRIPTION,
  PARAMETER_DESCRIPTIONS,
  RETRY_AFTER_DESCRIPTION,
  rateLimitText,
  SESSION_SCHEME_DESCRIPTION,
} from './openapi-text.ts';
// route.ts declares the route config (endpoint) read here.
import type {} from './route.ts';

/**
 * The methods documented: those an OpenAPI path item can hold, less HEAD, which Fastify answers for
 * every GET.
 */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;
const isOpenApiMethod = (method: string): method is OpenApiMethod => OPENAPI_METHODS.some((known) => known === method);

const ref = (to: string): Reference => ({ $ref: to });

/** Each field the document names that the contract's schemas do not explain gets its words (openapi-text.ts). */
function describeFields(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) describeFields(item);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const record = schema as Record<string, unknown>;
  const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    const description = FIELD_DESCRIPTIONS[name];
    if (description && property.description === undefined && property.$ref === undefined) {
      property.description = description;
    }
  }
  for (const value of Object.values(record)) describeFields(value);
}

/**
 * A contract schema as JSON Schema 2020-12, OpenAPI 3.1's dialect: a nullable field is
 * `anyOf: [<its schema>, { type: 'null' }]`, which any JSON Schema validator reads. The contract's
 * timestamps say `format: date-time`.
 */
function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: json }) => {
      if (zodSchema === timestampSchema) json.format = 'date-time';
    },
  }) as Record<string, unknown>;
  delete converted.$schema;
  describeFields(converted);
  return converted as JsonSchema;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  303: 'See other: the `Location` header',
  503: 'Service unavailable',
};

const RETRY_STATUSES = new Set([429, 503]);

/** The codes an endpoint can answer with, grouped by status, as the error shape with `code` narrowed to them. */
function errorResponses(codes: readonly ErrorCode[]): Responses {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorStatuses[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Responses = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // The one error shape, with `code` narrowed to the codes of this status.
    const codes = {
      type: 'object',
      properties: { error: { type: 'object', properties: { code: { type: 'string', enum: statusCodes } } } },
    };
    responses[status] = {
      description: `Error: ${statusCodes.join(', ')}`,
      ...(RETRY_STATUSES.has(status) && { headers: { 'Retry-After': ref('#/components/headers/RetryAfter') } }),
      content: { 'application/json': { schema: { allOf: [ref('#/components/schemas/ErrorResponse'), codes] } } },
    };
  }
  return responses;
}

/** Paging parameters are the shared components, so the scheme is described once. */
const PAGING_PARAMETERS: Record<string, string> = {
  limit: '#/components/parameters/PageLimit',
  cursor: '#/components/parameters/PageCursor',
};

function parameters(
  location: 'path' | 'query',
  schema: z.ZodMiniObject | undefined,
  examples: Readonly<Record<string, unknown>> = {},
): Array<Parameter | Reference> {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => {
    const paging = location === 'query' ? PAGING_PARAMETERS[name] : undefined;
    if (paging) return ref(paging);
    return {
      in: location,
      name,
      required: location === 'path' || required.includes(name),
      ...(PARAMETER_DESCRIPTIONS[name] && { description: PARAMETER_DESCRIPTIONS[name] }),
      schema: property,
      ...(examples[name] !== undefined && { example: examples[name] }),
    };
  });
}

function requestBody(endpoint: Endpoint, operationId: string): RequestBody | undefined {
  const { body } = endpoint;
  if (!body) return undefined;
  if (isMultipartUpload(body)) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary', description: 'One image file (JPEG, PNG, …).' } },
          },
        },
      },
    };
  }
  const example = OPERATION_EXAMPLES[operationId]?.request;
  return {
    required: true,
    content: { 'application/json': { schema: jsonSchema(body, 'input'), ...(example !== undefined && { example }) } },
  };
}

const SESSION = { session: [] };
const SECURITY: Record<Endpoint['auth'], Array<Record<string, string[]>>> = {
  none: [],
  optional: [SESSION, {}],
  required: [SESSION],
  admin: [SESSION],
};

const AUTH_TEXT: Record<Endpoint['auth'], string | undefined> = {
  none: undefined,
  optional: 'Authentication: optional (a session, when one is sent, shows the owner more).',
  required: 'Authentication: a session.',
  admin: 'Authentication: a session of an admin account (403 otherwise).',
};

/**
 * The codes an auth mode adds: a signed-in route's session refusals, and an admin route's 403 too.
 * An optional route refuses a token it was sent that is broken or over when it needs a caller (a
 * file without its signed URL).
 */
const AUTH_ERROR_CODES: Record<Endpoint['auth'], readonly ErrorCode[]> = {
  none: [],
  optional: sessionErrorCodes,
  required: sessionErrorCodes,
  admin: [...sessionErrorCodes, errorCodes.forbidden],
};

/**
 * A request that may carry a body (any method but GET) can be too large (413) or of a type the
 * server does not read (415) before any rule looks at it, whether or not the operation takes one.
 */
const BODY_ERROR_CODES: readonly ErrorCode[] = [errorCodes.payloadTooLarge, errorCodes.unsupportedMediaType];

/** Who in a business may call it (ADR 0081); an API token acts with its maker's role. */
function permissionText(permission: Permission): string {
  const { roles } = PERMISSIONS[permission];
  if (roles.length === MEMBER_ROLES.length) return `Permission: \`${permission}\` (every role of the business).`;
  return `Permission: \`${permission}\` (${roles.join(', ')}): 403 \`forbidden\` to any other role, and to an API token whose maker has another.`;
}

const tokensAllowed = (endpoint: Endpoint) => endpoint.apiTokens === 'read' || endpoint.apiTokens === 'write';

const API_TOKEN_TEXT = {
  read: 'API tokens: any token of the account may call it (bearerAuth).',
  write: 'API tokens: a token with the `read_write` scope may call it (bearerAuth).',
  never: 'API tokens: refused (403); only a signed-in session may call it.',
} as const;

/**
 * What an API token is refused with (ADR 0055): 403 wherever a caller is read and tokens may not go
 * (or a read-only token writes); where they may, also the owner's lapsed Premium and the token's rate.
 */
function apiTokenErrorCodes(endpoint: Endpoint): readonly ErrorCode[] {
  if (endpoint.auth === 'none') return [];
  return tokensAllowed(endpoint)
    ? [errorCodes.forbidden, errorCodes.premiumRequired, errorCodes.requestRateLimit]
    : [errorCodes.forbidden];
}

/** The operation for one declared endpoint: its names, parameters, body, answers and the errors it can give. */
function operationOf(endpoint: Endpoint, names: { operationId: string; tag: string }): Operation {
  const { operationId, tag } = names;
  const responses: Responses = {};
  const codes = [
    ...commonErrorCodes,
    ...AUTH_ERROR_CODES[endpoint.auth],
    ...(endpoint.method !== 'GET' ? BODY_ERROR_CODES : []),
    ...endpoint.errors,
    ...apiTokenErrorCodes(endpoint),
    // A member past the business's seats reads but does not write (ADR 0077, seats).
    ...(needsSeat(endpoint) ? [errorCodes.seatRequired] : []),
    // A declared rate limit answers 429 past it (platform/http/route.ts).
    ...(endpoint.rateLimit ? [errorCodes.requestRateLimit] : []),
  ];
  Object.assign(responses, errorResponses(codes));
  const examples = OPERATION_EXAMPLES[operationId]?.responses ?? {};
  for (const [status, body] of Object.entries(endpoint.responses)) {
    const schema: JsonSchema = isFileResponse(body) ? { type: 'string', format: 'binary' } : jsonSchema(body, 'output');
    const contentType = isFileResponse(body) ? body.contentType : 'application/json';
    const error = responses[status];
    // A status with its own body that can also be an error (503 of the health check): either shape.
    const errorSchema = error?.content?.['application/json']?.schema;
    const example = examples[Number(status)];
    // The status's own answer (the health checks' 503) carries no Retry-After: none is promised.
    const headers = { ...RESPONSE_HEADERS[operationId]?.[Number(status)] };
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? `Status ${status}`,
      ...(Object.keys(headers).length > 0 && { headers }),
      content: {
        [contentType]: {
          schema: errorSchema ? { oneOf: [schema, errorSchema] } : schema,
          ...(example !== undefined && { example }),
        },
      },
    };
  }
  responses.default = { description: 'Any other failure, in the one error shape.', content: errorContent };
  const body = requestBody(endpoint, operationId);
  const description = [
    AUTH_TEXT[endpoint.auth],
    endpoint.permission && permissionText(endpoint.permission),
    endpoint.auth !== 'none' && API_TOKEN_TEXT[endpoint.apiTokens ?? 'never'],
    endpoint.rateLimit && rateLimitText(endpoint.rateLimit),
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId,
    tags: [tag],
    summary: endpoint.summary,
    ...(description && { description }),
    parameters: [
      ...parameters('path', endpoint.params, OPERATION_EXAMPLES[operationId]?.parameters),
      ...parameters('query', endpoint.query, OPERATION_EXAMPLES[operationId]?.parameters),
    ],
    ...(body && { requestBody: body }),
    responses,
    security: tokensAllowed(endpoint) ? [...SECURITY[endpoint.auth], { bearerAuth: [] }] : SECURITY[endpoint.auth],
  };
}

const errorContent = { 'application/json': { schema: ref('#/components/schemas/ErrorResponse') } };

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Accounts and sessions':
    'Sign up, sign in, refresh and end sessions; change the email or password; delete the account.',
  'Company profile': 'The business details printed on every document, its logo and signature.',
  Certificates: 'Waterproofing certificates: create, list, read, amend, their photos and PDFs.',
  'Checklist templates': 'Custom checklist templates (Premium to create or edit).',
  Files: 'Stored images, by signed URL or for their owner.',
  'SWMS and cover sheets': 'Safe Work Method Statements and the cover sheets handed with them; versions and PDFs.',
  Signing: "The owner's side of signing: send, follow, resend, revoke; documents sent to builders.",
  'Signing by link': "The signer's side: no account, the link's token is the key.",
  Verification: 'Public checks of an issued document: by its QR code, or a PDF uploaded.',
  Billing: 'Premium: checkout, the billing portal, cancellation and the provider webhook.',
  Contact: 'The public contact form.',
  Admin: 'The admin console (admin accounts only).',
  'Bundles (disabled)': 'Document bundles are disabled: every call answers 403 feature_disabled.',
  Health: 'Liveness and readiness for supervisors and load balancers.',
};

/**
 * ARCHITECTURE.md: the OpenAPI 3.1 document, generated from the contract's endpoint declarations the
 * routes were registered from (route.ts), at GET /api/docs/json, and the reference rendered from it
 * as HTML with no script at GET /api/docs (openapi-page.ts). Register before the API routes: routes
 * are recorded as they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const names = operationNames();
  const paths: Document['paths'] = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    const { endpoint } = route.config ?? {};
    if (!endpoint) return;
    const name = names.get(endpoint);
    if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is in no operation group (contract operations.ts)`);
    const path = openApiPath(endpoint.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    for (const method of [route.method].flat()) {
      const key = method.toLowerCase();
      if (isOpenApiMethod(key)) item[key] = operationOf(endpoint, name);
    }
  });

  const tags = [...new Set(Object.values(operationGroups).map(({ tag }) => tag))];
  const document: Document = {
    openapi: '3.1.0',
    info: { title: 'TradeCert API', version: '1', description: API_DESCRIPTION },
    // Relative: the API is at the origin that serves this document, whichever instance that is.
    servers: [{ url: '/', description: 'The server this document is fetched from' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: { ErrorResponse: jsonSchema(errorResponseSchema, 'output') },
      parameters: {
        PageLimit: {
          in: 'query',
          name: 'limit',
          required: false,
          description: PAGE_LIMIT_DESCRIPTION,
          schema: { type: 'integer', minimum: 1, maximum: 100 },
        },
        PageCursor: {
          in: 'query',
          name: 'cursor',
          required: false,
          description: PAGE_CURSOR_DESCRIPTION,
          schema: { type: 'string', maxLength: 200 },
        },
      },
      headers: {
        RetryAfter: { description: RETRY_AFTER_DESCRIPTION, required: true, schema: { type: 'integer', minimum: 0 } },
        SetDeviceCookie: { description: DEVICE_COOKIE_DESCRIPTION, required: true, schema: { type: 'string' } },
        Location: { description: 'Where the document is.', required: true, schema: { type: 'string' } },
      },
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: SESSION_SCHEME_DESCRIPTION },
        bearerAuth: { type: 'http', scheme: 'bearer', description: API_TOKEN_SCHEME_DESCRIPTION },
      },
    },
  };
  let page: string | undefined;
  app.get('/api/docs/json', () => document);
  app.get('/api/docs', (_request, reply) => {
    page ??= renderReference(document);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
