import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';

/**
 * A list of the member's own things (tokens, webhook endpoints) in its three other states: not
 * loaded (with Try again), loading, and empty. `what` names them: "tokens" reads "Loading your tokens...".
 */
export type LoadedListProps<Item> = {
  query: UseQueryResult<Item[]>;
  what: string;
  empty: string;
  children: (items: Item[]) => ReactNode;
};

export function LoadedList<Item>({ query, what, empty, children }: LoadedListProps<Item>) {
  if (query.isError) {
    return (
      <Alert tone="error">
        <p>
          We could not load your {what}. {requestErrorMessage(query.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.data === undefined) return <Spinner label={`Loading your ${what}...`} />;
  if (query.data.length === 0) return <p className="text-slate-600 dark:text-slate-300">{empty}</p>;
  return children(query.data);
}
