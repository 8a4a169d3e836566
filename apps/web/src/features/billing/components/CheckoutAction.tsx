import type { BillingInterval } from '@app/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { useProfile } from '../../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useStartCheckoutMutation } from '../api/start-checkout.ts';
import { goTo } from '../go-to.ts';
import { priceLabel } from '../plan-copy.ts';
import { safeReturnPath } from '../return-path.ts';

/** Premium's action on /pricing for a signed-in user: manage it if they have it, else check out. */
export default function CheckoutAction({ interval }: { interval: BillingInterval }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const checkout = useStartCheckoutMutation();
  if (profile?.subscription_tier === 'premium') {
    return (
      <Link to="/subscription" className={buttonClasses('secondary')}>
        You have Premium: manage it
      </Link>
    );
  }
  const returnTo = safeReturnPath(searchParams.get('return_to'));
  return (
    <div className="flex flex-col gap-3">
      <Button
        disabled={checkout.isPending}
        onClick={() => checkout.mutate({ interval, returnTo }, { onSuccess: ({ url }) => goTo(url, navigate) })}
      >
        {checkout.isPending ? 'Opening checkout...' : `Upgrade to Premium, ${priceLabel(interval)}`}
      </Button>
      {checkout.isError ? <Alert tone="error">{requestErrorMessage(checkout.error)}</Alert> : null}
    </div>
  );
}
