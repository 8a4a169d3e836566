import { sharedCertificateEndpoints } from '@app/contract';
import { useEffect, useState } from 'react';
import { callFile } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';

/** The certificate's PDF; the owner's token goes along (login is optional) so a draft can be downloaded too. */
export function fetchCertificatePdf(id: string, version: number | undefined, signal?: AbortSignal) {
  const query = version ? { version: String(version) } : {};
  return callFile(sharedCertificateEndpoints.pdf, { params: { id }, query }, { signal });
}

export type CertificatePdf =
  | { status: 'preparing' }
  | { status: 'ready'; url: string; filename: string }
  | { status: 'failed'; error: unknown };

/**
 * The PDF as an object URL for a download link, fetched again on `retry`. Not through the query
 * cache (ADR 0012): the file is fetched for one download, and its URL is revoked when the page goes.
 */
export function useCertificatePdf(id: string, version?: number): { pdf: CertificatePdf; retry: () => void } {
  const auth = useAuth();
  const [attempt, setAttempt] = useState(0);
  const [pdf, setPdf] = useState<CertificatePdf>({ status: 'preparing' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) fetches again.
  useEffect(() => {
    if (auth.status === 'loading') return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setPdf({ status: 'preparing' });
    fetchCertificatePdf(id, version, controller.signal).then(
      ({ blob, filename }) => {
        objectUrl = URL.createObjectURL(blob);
        setPdf({ status: 'ready', url: objectUrl, filename: filename ?? 'certificate.pdf' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setPdf({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, version, auth.status, attempt]);

  return { pdf, retry: () => setAttempt((count) => count + 1) };
}
