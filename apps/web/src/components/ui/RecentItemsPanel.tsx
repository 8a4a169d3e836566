import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from './Alert.tsx';
import { Button, buttonClasses, textLinkClasses } from './Button.tsx';
import { PanelSection } from './PanelSection.tsx';
import { Spinner } from './Spinner.tsx';

/** What a list query gives the panel: TanStack Query's state, narrowed to what is shown. */
type ListState<Item> = { isPending: boolean; isError: boolean; error: unknown; items: Item[]; refetch: () => unknown };

/**
 * A dashboard panel of a user's newest documents of one kind: loading, a retry on failure, the items,
 * or a first-time call to action. Each feature gives its own query, item and words.
 */
export function RecentItemsPanel<Item>({
  title,
  noun,
  all,
  create,
  list,
  renderItem,
}: {
  title: string;
  /** Plural, lower case: "certificates", "SWMS". */
  noun: string;
  all: { to: string; label: string };
  create: { to: string; label: string };
  list: ListState<Item>;
  renderItem: (item: Item) => ReactNode;
}) {
  return (
    <PanelSection
      title={title}
      action={
        <Link to={all.to} className={`text-sm ${textLinkClasses}`}>
          {all.label}
        </Link>
      }
    >
      {list.isPending ? (
        <Spinner label={`Loading ${noun}...`} />
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            Your {noun} could not be loaded. {requestErrorMessage(list.error)}
          </Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.items.length > 0 ? (
        <ul className="flex flex-col gap-3">{list.items.map(renderItem)}</ul>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p>No {noun} yet.</p>
          <Link to={create.to} className={buttonClasses()}>
            {create.label}
          </Link>
        </div>
      )}
    </PanelSection>
  );
}
