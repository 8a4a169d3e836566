import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Goes to the home page and only then ends the session with `end`. A navigation is a React
 * transition: while the home page's code is still loading, the page being left stays on screen,
 * and if the session ended then, its login guard would send the user to /login instead of /.
 * So: navigate, wait until a render showing the new location has committed (the effect), then end.
 */
export function useLeaveThenSignOut(end: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  /** The location (by key) the user left from, until another location has committed. */
  const [leavingFrom, setLeavingFrom] = useState<string | null>(null);
  const ended = useRef(false);
  const endSession = useRef(end);
  endSession.current = end;

  useEffect(() => {
    if (leavingFrom === null || location.key === leavingFrom || ended.current) return;
    ended.current = true;
    endSession.current();
  }, [leavingFrom, location.key]);

  const leave = () => {
    setLeavingFrom(location.key);
    if (location.pathname !== '/') {
      navigate('/');
      return;
    }
    // Already home, which is not guarded: nothing to wait for.
    ended.current = true;
    endSession.current();
  };

  return { leaving: leavingFrom !== null, leave };
}
