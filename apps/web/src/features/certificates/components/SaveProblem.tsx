import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import type { ToastInput } from '../../../components/ui/notifications/index.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';

/**
 * The last failed save, kept on the page after its toast has gone: what happened and what to do.
 * `offerUpgrade` (a plan limit was hit) adds a link to the plans.
 */
export function SaveProblem({ problem, offerUpgrade }: { problem: ToastInput | undefined; offerUpgrade: boolean }) {
  const upgradePath = useUpgradePath();
  if (!problem) return null;
  return (
    <Alert tone="error">
      <p className="font-semibold">{problem.title}</p>
      {problem.description ? <p className="mt-1">{problem.description}</p> : null}
      {offerUpgrade ? (
        <p className="mt-2">
          <Link to={upgradePath} className={textLinkClasses}>
            See Premium plans
          </Link>
        </p>
      ) : null}
    </Alert>
  );
}
