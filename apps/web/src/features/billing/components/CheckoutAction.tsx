import { type BillingInterval, roleMay } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useProfile } from '../../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { ownerChangesThePlan, useTeamQuery } from '../../../lib/team/team.ts';
import { useStartCheckoutMutation } from '../api/start-checkout.ts';
import { extraSeatsOfText } from '../extra-seats.ts';
import { goTo } from '../go-to.ts';
import { priceLabel } from '../plan-copy.ts';
import { safeReturnPath } from '../return-path.ts';
import { ExtraSeatsField } from './ExtraSeatsField.tsx';

/**
 * Premium's action on /pricing for a signed-in user: for the owner, manage it if the business has
 * it, else check out with the extra members beyond Premium's seats chosen first (ADR 0093). Office
 * and field members cannot buy (billing is the owner's, ADR 0077): they are told the plan and whose
 * it is to change. Should the team not load, the owner's form shows; the server refuses anyone else.
 */
export default function CheckoutAction({ interval }: { interval: BillingInterval }) {
  const auth = useAuth();
  const team = useTeamQuery(auth.status === 'signed-in' ? auth.session.user.id : '');
  const premium = useProfile()?.subscription_tier === 'premium';
  if (team.isPending) return <Spinner label="Loading your plan..." />;
  if (team.data && !roleMay(team.data.you.role, 'billing.manage')) return <OwnersPlan premium={premium} />;
  return <OwnersCheckout interval={interval} premium={premium} />;
}

function OwnersPlan({ premium }: { premium: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium">{premium ? 'Your business has Premium.' : 'Your business is on the free plan.'}</p>
      <p>{ownerChangesThePlan(premium)}</p>
    </div>
  );
}

function OwnersCheckout({ interval, premium }: { interval: BillingInterval; premium: boolean }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const checkout = useStartCheckoutMutation();
  const [extraSeatsText, setExtraSeatsText] = useState('0');
  if (premium) {
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
