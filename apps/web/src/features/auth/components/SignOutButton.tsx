import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
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
  const changes = count === 1 ? '1 unsynced change' : `${count} unsynced changes`;
  const [they, kept] = count === 1 ? ['it', 'It is'] : ['they', 'They are'];
  return (
    <ConfirmDialog
      title="Sign out and lose your changes?"
      description={`You have ${changes} that will be lost. ${kept} kept only on this device because ${they} could not be saved yet: stay signed in and open the certificate again to save.`}
      cancelLabel="Stay signed in"
      confirmLabel="Sign out anyway"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
