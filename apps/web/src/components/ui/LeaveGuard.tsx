import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Asks before the app leaves a page whose form has unsaved typing (`unsaved`, read at the moment of
 * leaving, so a page that has just saved leaves at once). The typing stays kept on this phone either way.
 */
export function LeaveGuard({ unsaved }: { unsaved: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved(),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without saving?"
      description="What you typed is not saved yet. It stays on this phone, and this form offers it back when you return."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
