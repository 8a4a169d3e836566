import { apiAccessMessages } from '@app/contract';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { useProfile, useProfileQuery } from '../../lib/profile/get-profile.ts';
import { useUpgradePath } from '../../lib/upgrade-path.ts';
import { ApiTokens } from './components/ApiTokens.tsx';
import { Webhooks } from './components/Webhooks.tsx';

/**
 * /profile/api (ADR 0055): API tokens and webhooks, for connecting a job-management
 * system. Premium makes them; anyone sees and removes their own.
 */
export default function ApiAccessPage() {
  const userId = useProfileQuery().user?.id ?? '';
  const profile = useProfile();
  const premium = profile?.subscription_tier === 'premium';
  const upgradePath = useUpgradePath();
  return (
    <PageColumn
      title="API access"
      intro={
        <p>
          Connect your job-management system or builder’s platform.{' '}
          <Link to="/profile" className={textLinkClasses}>
            Back to your profile
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-10">
        {profile && !premium ? (
          <Alert tone="info">
            <p>{apiAccessMessages.premium}</p>
            <Link to={upgradePath} className={`${buttonClasses('primary')} mt-3`}>
              See Premium
            </Link>
          </Alert>
        ) : null}
        <ApiTokens userId={userId} premium={premium} />
        <Webhooks userId={userId} premium={premium} />
      </div>
    </PageColumn>
  );
}
