import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { useLeaveThenSignOut } from './use-leave-then-sign-out.ts';

/**
 * PRODUCT.md, States: signs out everywhere (all devices) and goes to the home page; the session is
 * cleared once the home page has committed (useLeaveThenSignOut).
 *
 * `unsyncedChanges` counts what only this device holds (edits the server has not got): signing out
 * clears it, so the user is warned first and may stay (PRODUCT.md, Account).
 */
export function SignOutButton({ className, unsyncedChanges }: { className: string; unsyncedChanges: () => number }) {
  const { leaving: pending, leave } = useLeaveThenSignOut();
  /** The unsynced changes the user is being warned about, while the warning is open. */
  const [warning, setWarning] = useState<number | null>(null);

  const signOut = () => {
    setWarning(null);
    leave(() => void authStore.signOut());
  };

  const askFirst = () => {
    const count = unsyncedChanges();
    if (count > 0) setWarning(count);
    else signOut();
  };

  return (
    <>
      <button type="button" className={className} disabled={pending} onClick={askFirst}>
        {pending ? 'Signing out...' : 'Sign out'}
      </button>
      {warning === null ? null : (
        <UnsyncedChangesDialog count={warning} onConfirm={signOut} onCancel={() => setWarning(null)} />
      )}
    </>
  );
}

/** Asks before signing out loses changes kept only on this device; the safe choice (stay) has the focus. */
function UnsyncedChangesDialog({
  count,
  onConfirm,
  onCancel,
}: {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialog, initialFocus: cancelButton } = useModalDialog<HTMLButtonElement>();
  const changes = count === 1 ? '1 unsynced change' : `${count} unsynced changes`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Sign out and lose your changes?
      </h2>
      <p id={descriptionId} className="mt-3">
        You have {changes} that will be lost. {count === 1 ? 'It is' : 'They are'} kept only on this device because{' '}
        {count === 1 ? 'it' : 'they'} could not be saved yet: stay signed in and open the certificate again to save.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelButton} variant="secondary" onClick={onCancel}>
          Stay signed in
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Sign out anyway
        </Button>
      </div>
    </dialog>
  );
}
