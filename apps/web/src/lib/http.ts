import {
  type Endpoint,
  type ErrorCode,
  endpointUrl,
  type FieldIssue,
  isErrorCode,
  type JsonEndpoint,
  type RequestInput,
  type SuccessBody,
} from '@app/contract';

/** The code the client gives an answer that is not ours: a proxy's page, or a code this build does not know. */
export const clientErrorCodes = { unexpectedResponse: 'unexpected_response' } as const;

/** The server's codes (contract), and the client's own. */
export type ApiErrorCode = ErrorCode | (typeof clientErrorCodes)[keyof typeof clientErrorCodes];

/** The server answered with an error (PRODUCT.md, API conventions shape): branch on `code`, show `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, a dropped connection or a timeout. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(options?: { cause?: unknown }) {
    super('Network error: the server could not be reached.', options);
  }
}

/** How a request goes out: with which Bearer token (none: anonymously), cancelled by which signal. */
export type Transport = { accessToken?: string | undefined; signal?: AbortSignal | undefined };

/** What every request's input may hold, whatever the endpoint. */
export type AnyInput = {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
};

/**
 * The auth session's way to call its endpoints (signing in, renewing, signing out): with exactly
 * the token given and no session logic, so it needs no import of api-client.ts (which imports the
 * session). Everything else calls through api-client.ts. Typed by the declaration; throws like requestJson.
 */
export function requestEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  input: RequestInput<E>,
  transport?: Transport,
): Promise<SuccessBody<E>>;
export function requestEndpoint(endpoint: JsonEndpoint, input: AnyInput, transport: Transport = {}) {
  return requestJson(endpoint, input, transport);
}

/**
 * Sends a declared endpoint's request, JSON in and out (files: requestFile; uploads: http-upload.ts),
 * every failure turned into an ApiError or a NetworkError. It answers `unknown`: its callers
 * (api-client.ts `call`, requestEndpoint) give it the declaration's type.
 */
export async function requestJson(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  input: AnyInput,
  transport: Transport,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Only with a body: Fastify rejects an empty body that claims to be JSON.
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  if (transport.accessToken) headers.authorization = `Bearer ${transport.accessToken}`;

  const response = await send(endpointUrl(endpoint, input), {
    method: endpoint.method,
    headers,
    body: input.body === undefined ? null : JSON.stringify(input.body),
    signal: transport.signal ?? null,
  });
  return await response.json().catch(() => undefined);
}

/** A file the server sends (e.g. a certificate PDF), with the name it suggests. */
export async function requestFile(
  url: string,
  request: Transport = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = {};
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
  const response = await send(url, { headers, signal: request.signal ?? null });
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** fetch, with every failure turned into an ApiError or a NetworkError. */
async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    // A caller that cancels (e.g. TanStack Query) expects its own abort back, not a network failure.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError({ cause: error });
  }
  if (response.ok) return response;
  throw toApiError(response, await response.json().catch(() => undefined));
}

/** The error a failed response stands for: our error shape (PRODUCT.md, API conventions), or a proxy's page. */
export function toApiError(response: { status: number; statusText: string }, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const details = Array.isArray(error.details) ? (error.details as FieldIssue[]) : [];
    // A code this build does not know (a newer server): its words still reach the user.
    const code = isErrorCode(error.code) ? error.code : clientErrorCodes.unexpectedResponse;
    return new ApiError(response.status, code, error.message, details);
  }
  // Not our error shape: a proxy or gateway answered.
  return new ApiError(
    response.status,
    clientErrorCodes.unexpectedResponse,
    `The server answered ${response.status} ${response.statusText}`.trim(),
  );
}
