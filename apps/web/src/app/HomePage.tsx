import { lazy } from 'react';
import { Spinner } from '../components/ui/Spinner.tsx';
import LandingPage from '../features/home/LandingPage.tsx';
import { useAuth } from '../lib/auth/use-auth.ts';

// Loaded only for a signed-in user, so the public landing page's JavaScript does not carry it.
const DashboardPage = lazy(() => import('./DashboardPage.tsx'));

/** `/` and `/home`: the landing page for visitors, the dashboard for a signed-in user. */
export default function HomePage() {
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner label="Checking authentication..." />;
  if (auth.status === 'signed-in') return <DashboardPage userId={auth.session.user.id} />;
  return <LandingPage />;
}
