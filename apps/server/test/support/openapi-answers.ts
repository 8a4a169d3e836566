import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiPath } from '@app/contract';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Every answer of the integration suite checked against the PUBLISHED OpenAPI document
 * (docs/api/openapi.json, which openapi.test.ts keeps equal to the live one), with Ajv and
 * ajv-formats, not against zod: any difference between what the server says and what the document
 * promises fails the test that caused it (ADR 0054).
 */

export const PUBLISHED_DOCUMENT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api/openapi.json',
);

type Document = OpenAPIV3_1.Document;
type Response = OpenAPIV3_1.ResponseObject;
type Header = OpenAPIV3_1.HeaderObject;

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

/**
 * A JSON Schema 2020-12 validator with the formats, compiling one of the document's schemas at a
 * time: the only references they hold are to component schemas (`#/components/schemas/…`), handed
 * to Ajv beside each as `$defs`, so the whole document is never compiled.
 */
function schemaCompiler(document: Document): {
  ajv: Ajv2020;
  compile: (schema: Schema | undefined) => ValidateFunction;
} {
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's own format for a file's bytes: not JSON, never checked.
  ajv.addFormat('binary', true);
  const toDefs = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as Record<string, unknown>;
  const $defs = toDefs(document.components?.schemas ?? {});
  return {
    ajv,
    compile: (schema) => {
      if (!schema) throw new Error('a schema the document does not have');
      return ajv.compile({ ...toDefs(schema), $defs });
    },
  };
}

/** Compiles every schema of the document's operations; throws on the first Ajv cannot compile. Answers how many. */
export function compileDocumentSchemas(document: Document): number {
  const { compile } = schemaCompiler(document);
  let compiled = 0;
  const count = (schema: Schema | undefined) => {
    compile(schema);
    compiled += 1;
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      for (const parameter of operation.parameters ?? []) if (!('$ref' in parameter)) count(parameter.schema);
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      for (const media of Object.values(body?.content ?? {})) count(media.schema);
      for (const response of Object.values(operation.responses ?? {}) as Response[]) {
        for (const media of Object.values(response.content ?? {})) count(media.schema);
      }
    }
  }
  return compiled;
}

/** Whether a media type is in a declared one or range (`image/png` in `image/*`). */
const mediaTypeIn = (type: string, range: string) =>
  range === type || range === '*/*' || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));

type Checker = (answer: {
  method: string;
  routePath: string | undefined;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  body: string | undefined;
}) => string | undefined;

/** Checks one answer against the document: its status is declared, its content type, its body's schema, its headers. */
function answerChecker(): Checker {
  const document = JSON.parse(readFileSync(PUBLISHED_DOCUMENT_PATH, 'utf8')) as Document;
  const { ajv, compile } = schemaCompiler(document);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema | undefined) => {
    const key = schema ?? {};
    let validate = validators.get(key);
    if (!validate) {
      validate = compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };
  const headers = (document.components?.headers ?? {}) as Record<string, Header>;

  return ({ method, routePath, url, status, headers: answered, body }) => {
    const where = `${method} ${url} → ${status}`;
    const contentType = String(answered['content-type'] ?? '').split(';')[0] ?? '';
    const isJson = contentType === 'application/json';
    // A route the contract does not declare (the 404/405 answers, the docs): the error shape when JSON.
    const operationPath = routePath && openApiPath(routePath);
    const operation = operationPath
      ? (document.paths?.[operationPath]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods] as
          | OpenAPIV3_1.OperationObject
          | undefined)
      : undefined;
    if (!operation) {
      if (!isJson || status < 400) return undefined;
      const validate = validatorOf({ $ref: '#/components/schemas/ErrorResponse' });
      return validate(JSON.parse(body ?? 'null'))
        ? undefined
        : `${where}: not the error shape: ${ajv.errorsText(validate.errors)}`;
    }
    const response = operation.responses?.[String(status)] as Response | undefined;
    if (!response) return `${where}: status ${status} is not declared for ${method} ${operationPath}`;
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const declared = '$ref' in header ? headers[header.$ref.split('/').pop() ?? ''] : header;
      if (declared?.required && answered[name.toLowerCase()] === undefined) return `${where}: no ${name} header`;
    }
    if (answered['set-cookie'] !== undefined && !response.headers?.['Set-Cookie']) {
      return `${where}: a Set-Cookie the document does not declare`;
    }
    if (status === 204 || status === 303 || body === undefined) return undefined;
    const declared = Object.keys(response.content ?? {}).find((range) => mediaTypeIn(contentType, range));
    if (!declared) return `${where}: content type ${contentType} is not declared`;
    if (!isJson) return undefined;
    const validate = validatorOf(response.content?.[declared]?.schema);
    return validate(JSON.parse(body))
      ? undefined
      : `${where}: ${ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`;
  };
}

/**
 * Adds the check to a test app: each /api answer is checked as it is sent, and what does not match
 * is kept for `takeMismatches` (setUpTestApp fails the test that caused it).
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): { takeMismatches: () => string[] } {
  const check = answerChecker();
  let mismatches: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/') || pathname.startsWith('/api/docs')) return payload;
    const routePath = request.routeOptions.config.endpoint?.path;
    const mismatch = check({
      method: request.method,
      routePath,
      url: request.url,
      status: reply.statusCode,
      headers: reply.getHeaders(),
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : undefined,
    });
    if (mismatch) mismatches.push(mismatch);
    return payload;
  });
  return {
    takeMismatches: () => {
      const taken = mismatches;
      mismatches = [];
      return taken;
    },
  };
}
