import { type Certificate, sharedCertificateEndpoints } from '@app/contract';
import { QueryClientContext, queryOptions } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { ApiError, call } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { certificateKeys } from './query-keys.ts';

/**
 * The share link's data: the signed-in owner also gets their drafts; anyone else a completed one
 * only. Login is optional (contract): the token goes along when there is a session.
 */
function fetchCertificate(id: string, version: number | undefined, signal?: AbortSignal): Promise<Certificate> {
  const query = version ? { version: String(version) } : {};
  return call(sharedCertificateEndpoints.get, { params: { id }, query }, { signal });
}

type ReadThroughCopy = <T>(userId: string, key: string, read: () => Promise<T>) => Promise<T>;
let handInCopyKeeper: (readThroughCopy: ReadThroughCopy) => void = () => undefined;
const copyKeeper = new Promise<ReadThroughCopy>((resolve) => {
  handInCopyKeeper = resolve;
});

/**
 * A member's reads keep a copy on the phone, shown with no connection (lib/offline-copies.ts). The
 * members' header hands it in, so the public share page never loads it (its script budget).
 */
export function keepCertificateCopiesWith(readThroughCopy: ReadThroughCopy) {
  handInCopyKeeper(readThroughCopy);
}

/** The members' header comes with every member's page; a read waits this long at most for it. */
const COPY_KEEPER_WAIT_MS = 5_000;

/**
 * A member's read, through the copy on the phone: it waits for the header to hand the copies in,
 * as a page can ask before the header's chunk is in, and what it shows must open offline later.
 */
async function readAsMember<T>(userId: string, key: string, read: () => Promise<T>): Promise<T> {
  const givenUp = new Promise<undefined>((resolve) => setTimeout(resolve, COPY_KEEPER_WAIT_MS));
  const readThroughCopy = await Promise.race([copyKeeper, givenUp]);
  return readThroughCopy ? readThroughCopy(userId, key, read) : read();
}

/**
 * `viewer`: the signed-in user's id, or 'visitor'; `version`: one issued version, else the current
 * one; `fresh`: ask the server even when a copy was fetched lately (an edit starts from what is stored).
 */
const certificateQueryOptions = (viewer: string, id: string, version?: number, fresh = false) =>
  queryOptions({
    queryKey: version ? certificateKeys.version(viewer, id, version) : certificateKeys.detail(viewer, id),
    queryFn: ({ signal }) => {
      const read = () => fetchCertificate(id, version, signal);
      return viewer === 'visitor' ? read() : readAsMember(viewer, `certificate:${id}:${version}`, read);
    },
    // With no connection at all, a copy on hand is shown at once rather than after the retries.
    retry: (failures, error) => navigator.onLine && !(error instanceof ApiError && error.status < 500) && failures < 2,
    ...(fresh ? { staleTime: 0 } : {}),
  });

/** Whether an error means the certificate does not exist for this viewer (retrying will not help). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export type CertificateRead = {
  /** undefined while loading (and after an error, unless an earlier copy is cached). */
  data: Certificate | undefined;
  error: unknown;
  isError: boolean;
  /** The answer for the current request is in: `data` is not an older cached copy still being checked. */
  settled: boolean;
  retry: () => void;
};

/**
 * One certificate, as the current viewer (owner, other user or visitor) may see it.
 *
 * Read through the query client's cache without a query observer: this runs on the public share
 * page, and useQuery's observer alone would take that page over its budget (PRODUCT.md, Budgets)
 * (ADR 0012). A certificate just saved (put in the cache with setQueryData) still shows at once.
 * A visitor's share page opens without the query client (ADR 0097): then it reads straight.
 */
export function useCertificate(id: string, version?: number, { fresh = false } = {}): CertificateRead {
  const queryClient = useContext(QueryClientContext);
  const auth = useAuth();
  // Wait for the session: the owner must ask with their token to see a draft.
  const viewer = auth.status === 'signed-in' ? auth.session.user.id : auth.status === 'signed-out' ? 'visitor' : null;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ request: string; data?: Certificate; error?: unknown }>();
  const request = `${viewer}/${id}/${version}/${attempt}`;

  useEffect(() => {
    if (!viewer) return;
    let current = true;
    const read = queryClient
      ? queryClient.query(certificateQueryOptions(viewer, id, version, fresh))
      : fetchCertificate(id, version);
    read.then(
      (data) => current && setSettled({ request, data }),
      (error: unknown) => current && setSettled({ request, error }),
    );
    return () => {
      current = false;
    };
  }, [queryClient, viewer, id, version, fresh, request]);

  const result = settled?.request === request ? settled : undefined;
  const cached = viewer ? queryClient?.getQueryData(certificateQueryOptions(viewer, id, version).queryKey) : undefined;
  return {
    data: result?.data ?? cached,
    error: result?.error,
    isError: result !== undefined && 'error' in result,
    settled: result !== undefined,
    retry: () => setAttempt((count) => count + 1),
  };
}
