import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../../../lib/auth/auth-store.ts';

/**
 * PRODUCT.md, States: signs out everywhere (all devices) and goes to the home page.
 *
 * The session is cleared only once the home page has been committed. A navigation is a React
 * transition: while the home page's code is still loading, the page being left stays on screen,
 * and if the session cleared then, its login guard would send the user to /login instead of /.
 * So: navigate, wait until a render showing the new location has committed (this effect runs),
 * and only then sign out.
 */
export function SignOutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  /** The location (by key) the user signed out from, until another location has committed. */
  const [leavingFrom, setLeavingFrom] = useState<string | null>(null);
  const signedOut = useRef(false);

  useEffect(() => {
    if (leavingFrom === null || location.key === leavingFrom || signedOut.current) return;
    signedOut.current = true;
    void authStore.signOut();
  }, [leavingFrom, location.key]);

  const signOut = () => {
    if (location.pathname === '/') {
      // Already home, which is not guarded: nothing to wait for.
      signedOut.current = true;
      setLeavingFrom(location.key);
      void authStore.signOut();
      return;
    }
    setLeavingFrom(location.key);
    navigate('/');
  };

  const pending = leavingFrom !== null;
  return (
    <button type="button" className={className} disabled={pending} onClick={signOut}>
      {pending ? 'Signing out...' : 'Sign out'}
    </button>
  );
}
