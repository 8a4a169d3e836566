import type { BillingInterval } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { useProfile } from '../../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useStartCheckoutMutation } from '../api/start-checkout.ts';
import { extraSeatsOfText } from '../extra-seats.ts';
import { goTo } from '../go-to.ts';
import { priceLabel } from '../plan-copy.ts';
import { safeReturnPath } from '../return-path.ts';
import { ExtraSeatsField } from './ExtraSeatsField.tsx';

/**
 * Premium's action on /pricing for a signed-in user: manage it if they have it, else check out,
 * with the extra members beyond Premium's seats chosen first (ADR 0093).
 */
export default function CheckoutAction({ interval }: { interval: BillingInterval }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const checkout = useStartCheckoutMutation();
  const [extraSeatsText, setExtraSeatsText] = useState('0');
  if (profile?.subscription_tier === 'premium') {
    return (
      <Link to="/subscription" className={buttonClasses('secondary')}>
        You have Premium: manage it
      </Link>
    );
  }
  const returnTo = safeReturnPath(searchParams.get('return_to'));
  const extraSeats = extraSeatsOfText(extraSeatsText);
  const upgrade = () => {
    if (extraSeats === undefined) return;
    checkout.mutate({ interval, extraSeats, returnTo }, { onSuccess: ({ url }) => goTo(url, navigate) });
  };
  return (
    <div className="flex flex-col gap-3">
      <ExtraSeatsField interval={interval} value={extraSeatsText} onChange={setExtraSeatsText} />
      <Button disabled={checkout.isPending || extraSeats === undefined} onClick={upgrade}>
        {checkout.isPending ? 'Opening checkout...' : `Upgrade to Premium, ${priceLabel(interval, extraSeats ?? 0)}`}
      </Button>
      {checkout.isError ? <Alert tone="error">{requestErrorMessage(checkout.error)}</Alert> : null}
    </div>
  );
}
