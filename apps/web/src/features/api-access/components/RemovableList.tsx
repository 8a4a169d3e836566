import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import type { ConfirmDialogProps } from '../../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { PagedList } from '../../../components/ui/PagedList.tsx';

type Toast = { title: string; description: string };

/**
 * The member's own things (tokens, webhook endpoints) as a list of cards, each of which can be
 * removed after a confirmation: the toast says it went; the dialog, which stays open, why it did not.
 */
export function RemovableList<Item extends { id: string }>({
  list,
  remove,
  confirm,
  removed,
  failure,
  children,
}: {
  /** The items; the list's accessible name; what they are called (plural) and what it says when empty. */
  list: { query: UseQueryResult<Item[]>; label: string; what: string; empty: string };
  /** Removes the item with this id. */
  remove: UseMutationResult<unknown, Error, string>;
  confirm: (item: Item) => Pick<ConfirmDialogProps, 'title' | 'description' | 'cancelLabel' | 'confirmLabel'>;
  removed: (item: Item) => Toast;
  /** What the dialog says first when the removal failed, e.g. "Revoke failed.". */
  failure: string;
  /** One card's content; `askToRemove` opens the confirmation for it. */
  children: (item: Item, askToRemove: () => void) => ReactNode;
}) {
  const [removing, setRemoving] = useState<Item | null>(null);
  return (
    <>
      <PagedList
        list={list.query}
        what={list.what}
        label={list.label}
        empty={<p className="text-slate-600 dark:text-slate-300">{list.empty}</p>}
      >
        {(items) =>
          items.map((item) => (
            <li key={item.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              {children(item, () => setRemoving(item))}
            </li>
          ))
        }
      </PagedList>
      {removing ? (
        <ConfirmActionDialog
          {...confirm(removing)}
          failure={failure}
          action={async () => {
            await remove.mutateAsync(removing.id);
            setRemoving(null);
            toast(removed(removing));
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
