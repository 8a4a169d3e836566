import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { LoadedList, type LoadedListProps } from './LoadedList.tsx';

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
  failedTitle,
  children,
}: {
  /** The items; the list's accessible name (`label`); how it reads while not loaded, loading or empty. */
  list: Omit<LoadedListProps<Item>, 'children'> & { label: string };
  /** Removes the item with this id. */
  remove: UseMutationResult<unknown, Error, string>;
  confirm: (item: Item) => Pick<ConfirmDialogProps, 'title' | 'description' | 'cancelLabel' | 'confirmLabel'>;
  removed: (item: Item) => Toast;
  failedTitle: string;
  /** One card's content; `askToRemove` opens the confirmation for it. */
  children: (item: Item, askToRemove: () => void) => ReactNode;
}) {
  const [removing, setRemoving] = useState<Item | null>(null);
  // Why the last removal failed: said in the dialog, which stays open (the page behind it is inert).
  const [problem, setProblem] = useState<string>();
  return (
    <>
      <LoadedList {...list}>
        {(items) => (
          <ul className="flex flex-col gap-3" aria-label={list.label}>
            {items.map((item) => (
              <li key={item.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                {children(item, () => {
                  setProblem(undefined);
                  setRemoving(item);
                })}
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
      {removing ? (
        <ConfirmDialog
          {...confirm(removing)}
          busy={remove.isPending}
          problem={problem}
          onConfirm={() => {
            setProblem(undefined);
            remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                toast(removed(removing));
              },
              onError: (error) => setProblem(`${failedTitle}. ${requestErrorMessage(error)}`),
            });
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
