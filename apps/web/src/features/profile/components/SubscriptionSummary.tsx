import { FREE_MONTHLY_COMPLETED_LIMIT, isValidTimeZone, type Profile } from '@app/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { changesThePlan, ownerChangesThePlan, useTeam } from '../../../lib/team/team.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';

/**
 * The plan, read-only: it changes through /pricing and /subscription (and the billing provider), never
 * here, and only by the owner; office and field members are told so instead of a link they would be
 * refused (ADR 0077).
 */
export function SubscriptionSummary({ profile }: { profile: Profile }) {
  const premium = profile.subscription_tier === 'premium';
  const team = useTeam();
  const upgradePath = useUpgradePath();
  // The server knows the zone; an older browser might not, and would throw rather than format.
  const timeZone = isValidTimeZone(profile.time_zone) ? profile.time_zone : undefined;
  const endDate = profile.subscription_end_date
    ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone }).format(new Date(profile.subscription_end_date))
    : null;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">Plan</dt>
        <dd>{premium ? 'Premium' : 'Free'}</dd>
        <dt className="font-medium">Subscription end date</dt>
        <dd>{endDate ?? (premium ? 'No end date' : 'No paid subscription')}</dd>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {premium
          ? 'Premium: unlimited certificates, and you can update and delete them.'
          : `The free plan includes ${FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a month. Premium removes the limit and lets you update and delete certificates.`}
      </p>
      {team === undefined || changesThePlan(team) ? (
        <Link to={premium ? '/subscription' : upgradePath} className={`self-start ${buttonClasses('secondary')}`}>
          {premium ? 'Manage subscription' : 'Upgrade to Premium'}
        </Link>
      ) : (
        <p>{ownerChangesThePlan(premium)}</p>
      )}
    </>
  );
}
