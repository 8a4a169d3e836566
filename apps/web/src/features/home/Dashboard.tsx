import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';

/** A box on the dashboard, from any feature; app/ chooses which and in what order. */
export type DashboardPanel = { key: string; Panel: ComponentType<{ userId: string }> };

/** The signed-in home: one-tap starts, then the panels app/ gives it. */
export function Dashboard({ userId, panels }: { userId: string; panels: readonly DashboardPanel[] }) {
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
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        {panels.map(({ key, Panel }) => (
          <Panel key={key} userId={userId} />
        ))}
      </div>
    </section>
  );
}
