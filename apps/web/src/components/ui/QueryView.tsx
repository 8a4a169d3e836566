import type { ReactNode } from 'react';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Spinner } from './Spinner.tsx';

/** The parts of a TanStack Query result this view reads. */
type LoadableQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };

type QueryViewProps<T> = {
  query: LoadableQuery<T>;
  /** What is loading, for the messages: "your profile". */
  what: string;
  children: (data: T) => ReactNode;
};

/** Renders a query's data once it is there: a spinner until then, or what went wrong and a retry. */
export function QueryView<T>({ query, what, children }: QueryViewProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <Spinner label={`Loading ${what}...`} />;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <Alert tone="error">
        <p>
          We could not load {what}. {requestErrorMessage(query.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}
