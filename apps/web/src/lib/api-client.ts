import { authStore } from './auth/auth-store.ts';
import { ApiError, type JsonRequest, requestJson } from './http.ts';

export { ApiError, NetworkError } from './http.ts';

/**
 * Calls an endpoint that needs the signed-in user. The Bearer token comes from the auth session,
 * renewed first when it expires within a minute. A 401 gets one renewal and one retry; when that
 * fails too the session is over: the auth session signs out with `expired`, and the app (see
 * app/App.tsx) says so and sends the user to /login.
 */
export async function apiRequest<T>(path: string, request: Omit<JsonRequest, 'accessToken'> = {}): Promise<T> {
  const accessToken = await authStore.getAccessToken();
  if (!accessToken) throw new ApiError(401, 'no_session', 'No valid session - please log in again');
  try {
    return await requestJson<T>(path, { ...request, accessToken });
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    const renewedToken = await authStore.refreshAfterRejection(accessToken);
    if (!renewedToken) throw error;
    try {
      return await requestJson<T>(path, { ...request, accessToken: renewedToken });
    } catch (retryError) {
      if (isUnauthorized(retryError)) authStore.expireSession();
      throw retryError;
    }
  }
}

/** For endpoints anyone may call (sign-up, password recovery, emailed links). */
export const publicRequest = requestJson;

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
