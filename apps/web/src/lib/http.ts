import { type ErrorCode, type FieldIssue, isErrorCode } from '@app/contract';

/** The server's codes (contract), and the one the client gives an answer that is not ours (a proxy's page). */
export type ApiErrorCode = ErrorCode | 'unexpected_response';

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

export type JsonRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  accessToken?: string;
  signal?: AbortSignal;
};

/**
 * The one place the web app calls `fetch` (uploads: see http-upload.ts): JSON in and out, every failure turned into an
 * ApiError or a NetworkError. It knows nothing about sessions (see api-client.ts for that), so the
 * auth session can use it for its own calls without a circular import.
 */
export async function requestJson<T>(path: string, request: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Only with a body: Fastify rejects an empty body that claims to be JSON.
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;

  const response = await send(path, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? null : JSON.stringify(request.body),
    signal: request.signal ?? null,
  });
  return (await response.json().catch(() => undefined)) as T;
}

/** A file the server sends (e.g. a certificate PDF), with the name it suggests. */
export async function requestFile(
  path: string,
  request: Pick<JsonRequest, 'accessToken' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = {};
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
  const response = await send(path, { headers, signal: request.signal ?? null });
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
    const code = isErrorCode(error.code) ? error.code : 'unexpected_response';
    return new ApiError(response.status, code, error.message, details);
  }
  // Not our error shape: a proxy or gateway answered.
  return new ApiError(
    response.status,
    'unexpected_response',
    `The server answered ${response.status} ${response.statusText}`.trim(),
  );
}
