import { endpointUrl, type SignPage, signByTokenEndpoints, signedCopyEndpoint } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { useReadWithoutCache } from '../../../lib/read-without-cache.ts';

function fetchSignPage(token: string, signal?: AbortSignal): Promise<SignPage> {
  return call(signByTokenEndpoints.page, { params: { token } }, { signal });
}

/** What a signing link shows, read without the query cache (lib/read-without-cache.ts); `reload` reads it again. */
export const useSignPage = (token: string) => useReadWithoutCache(token, (signal) => fetchSignPage(token, signal));

/** Where the document's PDF is, for a plain link: no session is needed, the token is the key. */
export const signPagePdfUrl = (token: string) => endpointUrl(signByTokenEndpoints.pdf, { params: { token } });

/** The signer's own copy (the version they signed and its signature certificate), by the same token. */
export const signedCopyUrl = (token: string) => endpointUrl(signedCopyEndpoint, { params: { token } });
