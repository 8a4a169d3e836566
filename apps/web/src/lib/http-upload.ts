import { NetworkError, toApiError } from './http.ts';

export type MultipartRequest = {
  method: 'POST' | 'PUT';
  body: FormData;
  accessToken?: string;
  signal?: AbortSignal;
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
};

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * Sends a file upload. XMLHttpRequest rather than fetch, because only it reports upload progress,
 * and a phone photo on a job site's signal can take a while. Answers and failures are the same as
 * requestJson's (http.ts): the parsed JSON, an ApiError or a NetworkError (an AbortError when
 * cancelled).
 */
export function requestMultipart(url: string, request: MultipartRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = request;
    if (signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(request.method, url);
    xhr.setRequestHeader('accept', 'application/json');
    if (request.accessToken) xhr.setRequestHeader('authorization', `Bearer ${request.accessToken}`);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload);
      else reject(toApiError(xhr, payload));
    });
    xhr.addEventListener('error', () => reject(new NetworkError()));
    xhr.addEventListener('timeout', () => reject(new NetworkError()));
    xhr.addEventListener('abort', () => reject(cancelled()));
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    signal?.addEventListener('abort', abort);
    xhr.send(request.body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
