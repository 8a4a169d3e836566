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
} from '@app/contract';
import { authStore } from './auth/auth-store.ts';
import { type AnyInput, ApiError, requestFile, requestJson } from './http.ts';

export { ApiError } from './http.ts';

export type CallOptions = { signal?: AbortSignal };

/** The input an endpoint takes, and the options; the input may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint, Options> =
  Record<never, never> extends RequestInput<E>
    ? [input?: RequestInput<E>, options?: Options]
    : [input: RequestInput<E>, options?: Options];

/**
 * Calls a declared endpoint (contract): JSON in and out, with the session its auth mode asks for
 * (see authorised). Answers with the 2xx body, or throws an ApiError or a NetworkError.
 */
export function call<E extends JsonEndpoint>(endpoint: E, ...args: CallArgs<E, CallOptions>): Promise<SuccessBody<E>>;
export function call(endpoint: JsonEndpoint, input: AnyInput = {}, options: CallOptions = {}) {
  return authorised(endpoint.auth, (accessToken) =>
    requestJson(endpoint, input, { accessToken, signal: options.signal }),
  );
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

/**
 * Sends with the session the auth mode asks for. none: without a token. required: with the
 * signed-in user's token (withAccessToken). optional: with it when signed in, else as a visitor.
 * Exported for callUpload only (api-upload.ts).
 */
export function authorised<T>(auth: AuthMode, send: (accessToken?: string) => Promise<T>): Promise<T> {
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
