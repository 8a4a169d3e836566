import { type ComponentType, useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { documentTitle } from '../../lib/document-title.ts';

const DASHBOARD_TITLE = documentTitle('Dashboard');

/**
 * `/` is titled for the landing page by its route; a member sees the dashboard there, so it names
 * itself, and hands the title back if the landing page takes its place (a sign-out on `/`). Gone to
 * another page, the layout has titled that one already.
 */
function useDashboardTitle() {
  useEffect(() => {
    const routeTitle = document.title;
    document.title = DASHBOARD_TITLE;
    return () => {
      if (document.title === DASHBOARD_TITLE) document.title = routeTitle;
    };
  }, []);
}

/** A box on the dashboard, from any feature; app/ chooses which and in what order. */
export type DashboardPanel = { key: string; Panel: ComponentType<{ userId: string }> };

/** The signed-in home: one-tap starts, then the panels app/ gives it. */
export function Dashboard({ userId, panels }: { userId: string; panels: readonly DashboardPanel[] }) {
  useDashboardTitle();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <PageTitle>Dashboard</PageTitle>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/certificates/new" className={buttonClasses()}>
          New certificate
        </Link>
        <Link to="/swms" className={buttonClasses('secondary')}>
          New SWMS
        </Link>
      </div>
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {panels.map(({ key, Panel }) => (
          <Panel key={key} userId={userId} />
        ))}
      </div>
    </section>
  );
}
