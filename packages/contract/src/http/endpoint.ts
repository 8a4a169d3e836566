import type { z } from 'zod/mini';
import type { ApiTokenAccess } from '../api-access/api-access.ts';
import type { ErrorCode } from '../errors/errors.ts';
import type { Permission } from '../teams/permissions.ts';
import type { RateLimitName } from './rate-limits.ts';

/**
 * One HTTP endpoint, declared once: the server registers its route from it (apps/server
 * platform/http/route.ts), the web calls it through `call` (apps/web lib/api-client.ts), and the
 * OpenAPI document is generated from it (ADR 0009).
 */

export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * none: anyone, a token is not looked at; optional: a visitor, or the signed-in user when a
 * Bearer token is sent (a broken one is ignored); required: 401 without a live session; admin:
 * required, and 403 `forbidden` unless the account is an admin (ADMIN_EMAILS, ADR 0019).
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'admin';

/** The body is multipart/form-data holding one image file in the field `file`. */
export type MultipartUpload = { readonly kind: 'multipart-upload' };
export const multipartUpload: MultipartUpload = { kind: 'multipart-upload' };

/**
 * The response is a file's bytes (not JSON), e.g. a PDF: downloaded (`attachment`, the default) or
 * shown in the browser (`inline`) when it has a name.
 */
export type FileResponse = {
  readonly kind: 'file';
  readonly contentType: string;
  readonly disposition?: 'inline' | undefined;
};
export const fileResponse = (contentType: string, disposition?: 'inline'): FileResponse => ({
  kind: 'file',
  contentType,
  disposition,
});

export type Schema = z.ZodMiniType;
export type ObjectSchema = z.ZodMiniObject;

export type Endpoint = {
  readonly method: HttpMethod;
  /** Full path with `:name` parameters, e.g. `/api/certificates/:id`. */
  readonly path: `${typeof API_PREFIX}/${string}`;
  readonly auth: AuthMode;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: Schema | MultipartUpload;
  /** The body of each answer by status: success statuses, and any error status that has its own body. */
  readonly responses: Readonly<Record<number, Schema | FileResponse>>;
  /** The codes this endpoint answers besides those of every route (commonErrorCodes) and of its auth mode. */
  readonly errors: readonly ErrorCode[];
  /**
   * The rule (rate-limits.ts) counted before the handler runs, per signed-in user, else per client
   * IP; the route answers 429 `over_request_rate_limit` past it, and the OpenAPI document says so.
   */
  readonly rateLimit?: RateLimitName;
  /**
   * The 404 message of the record the path's `id` names. Any string up to 100 characters passes the
   * wire, and one that is not a UUID names nothing: route.ts answers it 404 with this message before
   * validation or the handler (a malformed id names no record: 404, not 400), so no service checks an id by hand.
   */
  readonly notFound?: string;
  /**
   * What an API token may do here (ADR 0055): `read`, any token (GET only); `write`, a `read_write`
   * token. Left out (or `never`): a token is refused, so admin, billing, the account and token
   * management stay out of a program's reach.
   */
  readonly apiTokens?: ApiTokenAccess;
  /**
   * What the caller's role must hold (teams/permissions.ts, ADR 0081): route.ts answers 403
   * `forbidden` before the handler to a member without it, an API token's caller judged by its
   * maker's role. Declared by every `required` and `optional` endpoint (an optional one checks a
   * signed-in caller only); a `none` endpoint is public and an `admin` one is the operator's, so
   * neither declares one.
   */
  readonly permission?: Permission;
};

/** `/api/certificates/:id/pdf` → `'id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters must be exactly the keys of `params`, so neither side can drift. */
type ParamsMatchPath<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? { readonly params?: never }
  : { readonly params: z.ZodMiniObject<Record<PathParamNames<E['path']>, z.core.$ZodType>> };

/** A member's endpoint names its permission; a public or admin one cannot. */
type PermissionMatchesAuth<E extends Endpoint> = E['auth'] extends 'required' | 'optional'
  ? { readonly permission: Permission }
  : { readonly permission?: never };

export const defineEndpoint = <const E extends Endpoint>(
  endpoint: E & ParamsMatchPath<E> & PermissionMatchesAuth<E>,
): E => endpoint;

/** Whether the endpoint is a member's (signed in, not admin), so it must declare a permission. */
export const isMemberEndpoint = (endpoint: Pick<Endpoint, 'auth'>) =>
  endpoint.auth === 'required' || endpoint.auth === 'optional';

type SchemaOutput<S> = S extends Schema ? z.output<S> : undefined;
type SchemaInput<S> = S extends Schema ? z.input<S> : undefined;

/** The 2xx statuses an endpoint declares. */
export type SuccessStatus<E extends Endpoint> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;

/** The parsed JSON a client receives on success (never for an endpoint that answers with a file). */
export type SuccessBody<E extends Endpoint> = E['responses'][SuccessStatus<E>] extends infer R
  ? R extends Schema
    ? z.output<R>
    : never
  : never;

/** What the server's handler sees, after validation. */
export type ParamsOf<E extends Endpoint> = SchemaOutput<E['params']>;
export type QueryOf<E extends Endpoint> = SchemaOutput<E['query']>;
export type BodyOf<E extends Endpoint> = E['body'] extends Schema ? z.output<E['body']> : undefined;

/** What a client sends: the schemas' inputs (defaults may be left out). */
export type RequestInput<E extends Endpoint> = (E['params'] extends Schema
  ? { params: SchemaInput<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: SchemaInput<E['query']> } : { query?: undefined }) &
  (E['body'] extends Schema ? { body: SchemaInput<E['body']> } : { body?: undefined });

/** Endpoints the client calls differently: an upload, an answer that is a file. */
export type UploadEndpoint = Endpoint & { readonly body: MultipartUpload };
export type FileEndpoint = Endpoint & { readonly responses: { readonly 200: FileResponse } };
export type JsonEndpoint = Endpoint & { readonly body?: Schema };

const PATH_PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The path with each `:name` replaced by its value, URL-encoded: `/api/certificates/:id` → `/api/certificates/a%2Fb`. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(PATH_PARAMETER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL of a call: the declared path with its parameters filled in, then the query. */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  input: { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>> } = {},
): string {
  return `${fillPath(endpoint.path, input.params)}${queryString(input.query)}`;
}

/** `/api/certificates/:id` → `/api/certificates/{id}` (OpenAPI's syntax). */
export const openApiPath = (path: string) => path.replace(PATH_PARAMETER, '{$1}');

/** The query string for `query`, leaving out what is undefined; '' when nothing is left. */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

// zod schemas carry `_zod`; the two markers do not.
export const isMultipartUpload = (body: Endpoint['body']): body is MultipartUpload =>
  body !== undefined && !('_zod' in body);

export const isFileResponse = (response: Schema | FileResponse): response is FileResponse => !('_zod' in response);
