import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { PanelSection } from '../../../components/ui/PanelSection.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useMonthlyUsage } from '../api/get-monthly-usage.ts';
import { type MonthlyAllowance, monthlyAllowance } from '../monthly-allowance.ts';

const certificates = (count: number) => `${count} completed certificate${count === 1 ? '' : 's'}`;

/** This month's completed certificates against the free plan's limit, with the way up when it is near. */
export function MonthlyUsagePanel({ userId }: { userId: string }) {
  const usage = useMonthlyUsage(userId);
  return (
    <PanelSection title="This month">
      {usage.data ? (
        <Allowance allowance={monthlyAllowance(usage.data)} />
      ) : usage.isError ? (
        <p>This month’s usage could not be loaded. You can still create certificates.</p>
      ) : (
        <Spinner label="Loading usage..." />
      )}
    </PanelSection>
  );
}

/** Where the month's allowance stands, and the way up when it is near or reached (the dashboard, the new-certificate form). */
export function Allowance({ allowance }: { allowance: MonthlyAllowance }) {
  const upgradePath = useUpgradePath();
  if (allowance.state === 'unlimited') {
    return <p>{certificates(allowance.completed)} this month. Premium has no monthly limit.</p>;
  }
  const { completed, limit, remaining, state } = allowance;
  return (
    <div className="flex flex-col gap-3">
      <p>
        {completed} of {limit} completed certificates used this month on the free plan.
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div
          className={`h-full ${state === 'plenty' ? 'bg-brand-700' : 'bg-amber-600'}`}
          style={{ width: `${Math.min(100, (completed / limit) * 100)}%` }}
        />
      </div>
      {state === 'plenty' ? null : (
        <p>
          {state === 'close'
            ? `${remaining} left this month. `
            : 'You have reached this month’s limit: drafts are still saved to your account, and completing more waits until next month. '}
          <Link to={upgradePath} className={textLinkClasses}>
            Upgrade to Premium
          </Link>{' '}
          for no limit.
        </p>
      )}
    </div>
  );
}
