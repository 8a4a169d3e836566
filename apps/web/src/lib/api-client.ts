import { authStore } from './auth/auth-store.ts';
import { ApiError, type JsonRequest, requestFile, requestJson } from './http.ts';
import { type MultipartRequest, requestMultipart } from './http-upload.ts';

export { ApiError, NetworkError } from './http.ts';

/** Calls an endpoint that needs the signed-in user, with JSON in and out (see withAccessToken). */
export function apiRequest<T>(path: string, request: Omit<JsonRequest, 'accessToken'> = {}): Promise<T> {
  return withAccessToken((accessToken) => requestJson<T>(path, { ...request, accessToken }));
}

export type UploadOptions = {
  /** POST adds a new file (e.g. a certificate photo); PUT replaces one (e.g. the profile logo). */
  method?: MultipartRequest['method'];
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads to an endpoint that needs the signed-in user, as multipart/form-data. A Blob or File is
 * sent as the one field `file` the server reads; pass FormData to send anything else. Answers with
 * the parsed JSON, or throws an ApiError (e.g. 413 too large, 415 not an image) or a NetworkError.
 */
export function apiUpload<T>(path: string, content: Blob | FormData, options: UploadOptions = {}): Promise<T> {
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
 * Runs `send` with the signed-in user's Bearer token, renewed first when it expires within a
 * minute. A 401 gets one renewal and one retry; when that fails too the session is over: the auth
 * session signs out with `expired`, and the app (see app/App.tsx) says so and sends the user to /login.
 */
async function withAccessToken<T>(send: (accessToken: string) => Promise<T>): Promise<T> {
  const accessToken = await authStore.getAccessToken();
  if (!accessToken) throw new ApiError(401, 'no_session', 'No valid session - please log in again');
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
