import {
  type AuthMode,
  authErrorCodes,
  authErrorMessages,
  type Endpoint,
  endpointUrl,
  type FileEndpoint,
  type JsonEndpoint,
  type RequestInput,
  type SuccessBody,
  type UploadEndpoint,
} from '@app/contract';
import { authStore } from './auth/auth-store.ts';
import { ApiError, type JsonRequest, requestFile, requestJson } from './http.ts';
import { type MultipartRequest, requestMultipart } from './http-upload.ts';

export { ApiError, NetworkError } from './http.ts';

export type CallOptions = { signal?: AbortSignal };

/** The input an endpoint takes, and the options; the input may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint, Options> =
  Record<never, never> extends RequestInput<E>
    ? [input?: RequestInput<E>, options?: Options]
    : [input: RequestInput<E>, options?: Options];

/** What every call needs from its input, whatever the endpoint. */
type AnyInput = { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>> };

/**
 * Calls a declared endpoint (contract): JSON in and out, with the session its auth mode asks for
 * (see authorised). Answers with the 2xx body, or throws an ApiError or a NetworkError.
 */
export function call<E extends JsonEndpoint>(endpoint: E, ...args: CallArgs<E, CallOptions>): Promise<SuccessBody<E>>;
export function call(endpoint: JsonEndpoint, input: AnyInput & { body?: unknown } = {}, options: CallOptions = {}) {
  const url = endpointUrl(endpoint, input);
  return authorised(endpoint.auth, (accessToken) =>
    requestJson(url, { method: endpoint.method, body: input.body, accessToken, signal: options.signal }),
  );
}

export type UploadOptions = {
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads to a declared multipart endpoint. A Blob or File is sent as the one field `file` the
 * server reads. Answers with the 2xx body, or throws an ApiError (e.g. 413 too large, 415 not an
 * image) or a NetworkError.
 */
export function callUpload<E extends UploadEndpoint>(
  endpoint: E,
  input: Omit<RequestInput<E>, 'body'> & { file: Blob },
  options?: UploadOptions,
): Promise<SuccessBody<E>>;
export function callUpload(endpoint: UploadEndpoint, input: AnyInput & { file: Blob }, options: UploadOptions = {}) {
  const url = endpointUrl(endpoint, input);
  // Uploads add (POST) or replace (PUT); the declaration says which.
  const method = endpoint.method === 'PUT' ? 'PUT' : 'POST';
  return authorised(endpoint.auth, (accessToken) => {
    options.onProgress?.(0);
    return requestMultipart(url, { method, body: singleFileForm(input.file), accessToken, ...options });
  });
}

/** Downloads a declared file endpoint (e.g. a certificate's PDF), with the name the server suggests. */
export function callFile<E extends FileEndpoint>(
  endpoint: E,
  ...args: CallArgs<E, CallOptions>
): Promise<{ blob: Blob; filename: string | null }>;
export function callFile(endpoint: FileEndpoint, input: AnyInput = {}, options: CallOptions = {}) {
  const url = endpointUrl(endpoint, input);
  return authorised(endpoint.auth, (accessToken) => requestFile(url, { accessToken, signal: options.signal }));
}

/** Calls an endpoint that needs the signed-in user, with JSON in and out (see withAccessToken). */
export function apiRequest<T>(path: string, request: Omit<JsonRequest, 'accessToken'> = {}): Promise<T> {
  return withAccessToken((accessToken) => requestJson<T>(path, { ...request, accessToken }));
}

export type ApiUploadOptions = UploadOptions & {
  /** POST adds a new file (e.g. a certificate photo); PUT replaces one (e.g. the profile logo). */
  method?: MultipartRequest['method'];
};

/**
 * Uploads to an endpoint that needs the signed-in user, as multipart/form-data. A Blob or File is
 * sent as the one field `file` the server reads; pass FormData to send anything else. Answers with
 * the parsed JSON, or throws an ApiError (e.g. 413 too large, 415 not an image) or a NetworkError.
 */
export function apiUpload<T>(path: string, content: Blob | FormData, options: ApiUploadOptions = {}): Promise<T> {
  const body = content instanceof FormData ? content : singleFileForm(content);
  const { method = 'POST', onProgress, signal } = options;
  return withAccessToken((accessToken) => {
    onProgress?.(0);
    return requestMultipart<T>(path, { method, body, accessToken, onProgress, signal });
  });
}

function singleFileForm(file: Blob): FormData {
  const form = new FormData();
  // A drawn signature is a Blob without a name; the server judges the content, not the name.
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return form;
}

/** Downloads a file as the signed-in user (e.g. the PDF of their draft certificate). */
export function apiFile(path: string, signal?: AbortSignal) {
  return withAccessToken((accessToken) => requestFile(path, { accessToken, signal }));
}

/** For endpoints anyone may call (sign-up, password recovery, emailed links). */
export const publicRequest = requestJson;
/** For files anyone may download (e.g. a completed certificate's PDF). */
export const publicFile = requestFile;

/**
 * Sends with the session the auth mode asks for. none: without a token. required: with the
 * signed-in user's token (withAccessToken). optional: with it when signed in, else as a visitor.
 */
function authorised<T>(auth: AuthMode, send: (accessToken?: string) => Promise<T>): Promise<T> {
  if (auth === 'none') return send();
  return withAccessToken(send, { visitorAllowed: auth === 'optional' });
}

/**
 * Runs `send` with the signed-in user's Bearer token, renewed first when it expires within a
 * minute. A 401 gets one renewal and one retry; when that fails too the session is over: the auth
 * session signs out with `expired`, and the app (see app/App.tsx) says so and sends the user to /login.
 * Without a session it fails with no_session, unless a visitor may call (then `send` goes without a token).
 */
async function withAccessToken<T>(
  send: (accessToken?: string) => Promise<T>,
  { visitorAllowed = false } = {},
): Promise<T> {
  const accessToken = await authStore.getAccessToken();
  if (!accessToken) {
    if (visitorAllowed) return send();
    throw new ApiError(401, authErrorCodes.noSession, authErrorMessages.noSession);
  }
  try {
    return await send(accessToken);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    const renewedToken = await authStore.refreshAfterRejection(accessToken);
    if (!renewedToken) throw error;
    try {
      return await send(renewedToken);
    } catch (retryError) {
      if (isUnauthorized(retryError)) authStore.expireSession();
      throw retryError;
    }
  }
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
