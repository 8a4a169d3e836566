import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useAdminAccess } from './api/get-admin-access.ts';
import { useMonthlyStats } from './api/get-monthly-stats.ts';
import { BusinessesSection } from './components/BusinessesSection.tsx';
import { MessagesSection } from './components/MessagesSection.tsx';
import { UsersSection } from './components/UsersSection.tsx';

// The chart is a chunk of its own, fetched only once an admin's console renders.
const MonthlyChart = lazy(() => import('./components/MonthlyChart.tsx'));

/**
 * /admin (PRODUCT.md, Admin): users and complimentary Premium, businesses, contact messages, a monthly chart.
 * Anyone not in ADMIN_EMAILS sees that they are not authorised; the server refuses them regardless.
 */
export default function AdminPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const access = useAdminAccess(userId);
  return (
    <QueryView query={access} what="the admin console">
      {({ is_admin }) => (is_admin ? <AdminConsole adminId={userId} /> : <NotAuthorised />)}
    </QueryView>
  );
}

function NotAuthorised() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <PageTitle>Not authorised</PageTitle>
      <p>The admin console is only for TradeCert administrators, and your account is not one of them.</p>
      <Link to="/" className={`${buttonClasses('secondary')} self-start`}>
        Go to the home page
      </Link>
    </div>
  );
}

function AdminConsole({ adminId }: { adminId: string }) {
  const stats = useMonthlyStats(adminId);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-8">
      <PageTitle>Admin</PageTitle>
      <section aria-labelledby="admin-chart" className="flex flex-col gap-4">
        <h2 id="admin-chart" className="text-xl font-semibold">
          Sign-ups and certificates per month
        </h2>
        <QueryView query={stats} what="the monthly figures">
          {(view) => (
            <Suspense fallback={<Spinner label="Loading the chart..." />}>
              <MonthlyChart months={view.months} />
            </Suspense>
          )}
        </QueryView>
      </section>
      <UsersSection adminId={adminId} />
      <BusinessesSection adminId={adminId} />
      <MessagesSection adminId={adminId} />
    </div>
  );
}
