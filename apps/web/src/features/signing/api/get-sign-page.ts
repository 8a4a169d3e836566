import { endpointUrl, type SignPage, signByTokenEndpoints, signedCopyEndpoint } from '@app/contract';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api-client.ts';

function fetchSignPage(token: string, signal?: AbortSignal): Promise<SignPage> {
  return call(signByTokenEndpoints.page, { params: { token } }, { signal });
}

export type SignPageRead =
  | { status: 'loading' }
  | { status: 'ready'; page: SignPage }
  | { status: 'failed'; error: unknown };

/**
 * What a signing link shows. Read without the query cache (ADR 0017): this public page is opened
 * once on a phone, has no account, and keeps its script small; `reload` reads it again.
 */
export function useSignPage(token: string): { read: SignPageRead; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<SignPageRead>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reads the page again.
  useEffect(() => {
    const controller = new AbortController();
    fetchSignPage(token, controller.signal).then(
      (page) => setRead({ status: 'ready', page }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRead({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  return { read, reload: () => setAttempt((count) => count + 1) };
}

/** Where the document's PDF is, for a plain link: no session is needed, the token is the key. */
export const signPagePdfUrl = (token: string) => endpointUrl(signByTokenEndpoints.pdf, { params: { token } });

/** The signer's own copy (the version they signed and its signature certificate), by the same token. */
export const signedCopyUrl = (token: string) => endpointUrl(signedCopyEndpoint, { params: { token } });
