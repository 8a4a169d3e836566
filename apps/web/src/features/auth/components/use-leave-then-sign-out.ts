import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A session end waiting for the home page to show. The component that asked may be gone by then
 * (the header's menu closes on navigation, /profile unmounts), so every mounted user of the hook
 * watches for it; the header's Sign out button is mounted whenever someone is signed in.
 */
let pending: { from: string; end: () => void } | null = null;

/** What a page leaving for home may tell it (features/home/LandingPage.tsx reads it). */
type HomeArrival = { accountDeleted: true };

/**
 * Goes to the home page and only then ends the session. A navigation is a React transition: while
 * the home page's code is still loading, the page being left stays on screen, and if the session
 * ended then, its login guard would send the user to /login instead of /. So: navigate, wait until
 * a render showing the new location has committed (the effect), and only then end it.
 */
export function useLeaveThenSignOut() {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!pending || pending.from === location.key) return;
    const { end } = pending;
    pending = null;
    end();
  }, [location.key]);

  /** `state`: what the home page is told, e.g. that the account was deleted (it says so on the page). */
  const leave = (end: () => void, state?: HomeArrival) => {
    setLeaving(true);
    if (location.pathname === '/') {
      // Already home, which is not guarded: nothing to wait for.
      if (state) navigate('/', { replace: true, state });
      end();
      return;
    }
    pending = { from: location.key, end };
    navigate('/', { state });
  };

  return { leaving, leave };
}
