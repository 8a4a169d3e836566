import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';

/** Where a guarded route sends a visitor; the login page returns them to `from` afterwards. */
/** `expired`: the session ran out on that page (the login page says so; the toast is gone in 2 s). */
export type LoginRedirectState = { from: string; expired?: boolean };

export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <Spinner label="Checking authentication..." />;
  if (auth.status === 'signed-out') {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      ...(auth.expired ? { expired: true } : {}),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
