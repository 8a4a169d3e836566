import { useEffect, useState } from 'react';

type ReadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * A public link's one read (a signing link, an invitation), without the query cache (ADR 0017): the
 * page is opened once on a phone, often with no account, and keeps its script small. It reads again
 * when `key` (the link's token) changes, and on `reload`.
 */
export function useReadWithoutCache<T>(
  key: string,
  read: (signal: AbortSignal) => Promise<T>,
): { read: ReadState<T>; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReadState<T>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is made anew each render; the key and a new attempt say when to read again.
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  return { read: state, reload: () => setAttempt((count) => count + 1) };
}
