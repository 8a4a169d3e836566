import { Link } from 'react-router';
import { useProfile } from '../../../lib/profile/get-profile.ts';

/** The signed-in user's plan, linking to where it can be changed. */
export function PlanBadge() {
  const profile = useProfile();
  if (!profile) return null;
  const premium = profile.subscription_tier === 'premium';
  return (
    <Link
      to="/subscription"
      className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${
        premium
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
      }`}
    >
      {premium ? 'Premium' : 'Free plan'}
    </Link>
  );
}
