import { useRef, useState } from 'react';

type SendState<Input, Output> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'sent'; data: Output; input: Input }
  | { status: 'failed'; error: Error; attempt: number };

/**
 * A public page's one request (a sign-in, a contact message, a PDF to check) without the query
 * cache, which a visitor's page does not load (ADR 0097). As a mutation of the cache would: only the
 * latest request's answer counts, and a failure is an Error.
 */
export function useSendWithoutCache<Input, Output>(
  send: (input: Input) => Promise<Output>,
  options: { onSuccess?: (data: Output) => void } = {},
) {
  const [state, setState] = useState<SendState<Input, Output>>({ status: 'idle' });
  const latest = useRef(0);

  const run = (input: Input) => {
    const request = ++latest.current;
    setState({ status: 'pending' });
    send(input).then(
      (data) => {
        if (request !== latest.current) return;
        setState({ status: 'sent', data, input });
        options.onSuccess?.(data);
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        setState({
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
          attempt: request,
        });
      },
    );
  };

  return {
    send: run,
    reset: () => {
      latest.current++;
      setState({ status: 'idle' });
    },
    isPending: state.status === 'pending',
    isSuccess: state.status === 'sent',
    isError: state.status === 'failed',
    data: state.status === 'sent' ? state.data : undefined,
    /** What the answered request sent. */
    sentInput: state.status === 'sent' ? state.input : undefined,
    error: state.status === 'failed' ? state.error : null,
    /** Which request failed last: a key that shows each new failure afresh. */
    failedAttempt: state.status === 'failed' ? state.attempt : 0,
  };
}
