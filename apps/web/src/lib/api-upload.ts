import { endpointUrl, type RequestInput, type SuccessBody, type UploadEndpoint } from '@app/contract';
import { authorised } from './api-client.ts';
import type { AnyInput } from './http.ts';
import { requestMultipart } from './http-upload.ts';

/*
 * The third way to call an endpoint (besides api-client.ts's call and callFile), in its own module
 * so pages that never upload (the public share page, PRODUCT.md, Budgets) do not load the XHR code.
 */

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

function singleFileForm(file: Blob): FormData {
  const form = new FormData();
  // A drawn signature is a Blob without a name; the server judges the content, not the name.
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return form;
}
