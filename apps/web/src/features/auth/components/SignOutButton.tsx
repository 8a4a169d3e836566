import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { useLeaveThenSignOut } from './use-leave-then-sign-out.ts';

/**
 * PRODUCT.md, States: signs out everywhere (all devices) and goes to the home page; the session is
 * cleared once the home page has committed (useLeaveThenSignOut).
 *
 * `unsyncedChanges` counts what only this device holds (changes the server has not got, drafts
 * kept on the phone): signing out clears it, so the user is warned first and may stay, or, when
 * `sendNow` is given and there is a connection, send what can be sent first (PRODUCT.md, Account).
 */
export function SignOutButton({
  className,
  unsyncedChanges,
  sendNow,
}: {
  className: string;
  unsyncedChanges: () => number;
  sendNow?: () => Promise<void>;
}) {
  const { leaving: pending, leave } = useLeaveThenSignOut();
  /** The unsynced changes the user is being warned about, while the warning is open. */
  const [warning, setWarning] = useState<{ count: number; afterSending?: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const signOut = () => {
    setWarning(null);
    leave(() => void authStore.signOut());
  };

  const askFirst = () => {
    const count = unsyncedChanges();
    if (count > 0) setWarning({ count });
    else signOut();
  };

  const sendFirst = async () => {
    if (!sendNow) return;
    setSending(true);
    try {
      await sendNow();
    } finally {
      setSending(false);
    }
    const count = unsyncedChanges();
    if (count === 0) signOut();
    else setWarning({ count, afterSending: true });
  };

  return (
    <>
      <button type="button" className={className} disabled={pending} onClick={askFirst}>
        {pending ? 'Signing out...' : 'Sign out'}
      </button>
      {warning === null ? null : (
        <UnsyncedChangesDialog
          count={warning.count}
          afterSending={warning.afterSending === true}
          sending={sending}
          onSendFirst={sendNow && navigator.onLine ? () => void sendFirst() : undefined}
          onConfirm={signOut}
          onCancel={() => setWarning(null)}
        />
      )}
    </>
  );
}

/** Asks before signing out loses changes kept only on this device; the safe choice (stay) has the focus. */
function UnsyncedChangesDialog({
  count,
  afterSending,
  sending,
  onSendFirst,
  onConfirm,
  onCancel,
}: {
  count: number;
  /** Sending was tried and these are left (refused, drafts kept on the phone, or still no answer). */
  afterSending: boolean;
  sending: boolean;
  onSendFirst: (() => void) | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const changes = count === 1 ? '1 unsynced change' : `${count} unsynced changes`;
  const [kept, them] = count === 1 ? ['It is', 'it'] : ['They are', 'them'];
  const next = afterSending
    ? `${kept} still only on this phone (drafts kept here, or what the server refused or did not answer).`
    : onSendFirst
      ? `${kept} kept only on this phone: send ${them} now, or stay signed in until ${them === 'it' ? 'it is' : 'they are'} sent.`
      : `${kept} kept only on this phone: stay signed in, and ${them === 'it' ? 'it is' : 'they are'} sent once you are back online.`;
  return (
    <ConfirmDialog
      title="Sign out and lose your changes?"
      description={`You have ${changes} that will be lost. ${next}`}
      cancelLabel="Stay signed in"
      confirmLabel="Sign out anyway"
      busy={sending}
      alternative={
        onSendFirst && !afterSending
          ? { label: sending ? 'Sending...' : 'Send them now', onClick: onSendFirst }
          : undefined
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
