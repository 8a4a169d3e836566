import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, textLinkClasses } from './Button.tsx';
import { ListNotLoaded } from './ListNotLoaded.tsx';
import { PanelSection } from './PanelSection.tsx';
import { Spinner } from './Spinner.tsx';

/** What a list query gives the panel: TanStack Query's state, narrowed to what is shown. */
type ListState<Item> = { isPending: boolean; isError: boolean; error: unknown; items: Item[]; refetch: () => unknown };

/**
 * A dashboard panel listing a user's items of one kind: loading, a retry on failure, the items, or
 * what to show when there are none. Each feature gives its own query, item and words.
 */
export function RecentItemsPanel<Item>({
  title,
  noun,
  all,
  empty,
  list,
  renderItem,
  footer,
}: {
  title: string;
  /** Plural, lower case: "certificates", "SWMS". */
  noun: string;
  all?: { to: string; label: string };
  /** Shown when the list is empty, e.g. a first-time call to action. */
  empty: ReactNode;
  list: ListState<Item>;
  renderItem: (item: Item) => ReactNode;
  /** A line under the items, e.g. how many more there are than listed. */
  footer?: string | undefined;
}) {
  return (
    <PanelSection
      title={title}
      action={
        all && (
          <Link to={all.to} className={`inline-flex min-h-6 items-center text-sm ${textLinkClasses}`}>
            {all.label}
          </Link>
        )
      }
    >
      {list.isPending ? (
        <Spinner label={`Loading ${noun}...`} />
      ) : list.isError ? (
        <ListNotLoaded what={noun} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.items.length > 0 ? (
        <>
          <ul className="flex flex-col gap-3">{list.items.map(renderItem)}</ul>
          {footer && <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{footer}</p>}
        </>
      ) : (
        empty
      )}
    </PanelSection>
  );
}

/** The empty state of a list of the user's own documents: none yet, and how to make the first. */
export function FirstItemCallToAction({ noun, to, label }: { noun: string; to: string; label: string }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>No {noun} yet.</p>
      <Link to={to} className={buttonClasses()}>
        {label}
      </Link>
    </div>
  );
}
