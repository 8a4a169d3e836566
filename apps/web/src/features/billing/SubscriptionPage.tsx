import { type MonthlyUsage, PREMIUM_INCLUDED_SEATS, type SeatUsage, type SubscriptionView } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { upgradePath } from '../../lib/upgrade-path.ts';
import { useChangeSubscriptionMutation } from './api/change-subscription.ts';
import { useSeats } from './api/get-seats.ts';
import { useSubscription } from './api/get-subscription.ts';
import { useOpenPortalMutation } from './api/open-portal.ts';
import { TestModeBanner } from './components/TestModeBanner.tsx';
import { goTo } from './go-to.ts';
import { longDate } from './plan-copy.ts';

/** /subscription: the plan, its renewal or end, this month's usage, and what can be done about it. */
export default function SubscriptionPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const subscription = useSubscription(userId);
  const seats = useSeats(userId);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <PageTitle>Subscription</PageTitle>
      <QueryView query={subscription} what="your subscription">
        {(view) => <Subscription view={view} seats={seats.data} />}
      </QueryView>
    </div>
  );
}

function statusLine(view: SubscriptionView): string {
  const date = view.period_end ? longDate(view.period_end) : undefined;
  if (view.tier === 'free') return 'You are on the free plan.';
  if (view.status === 'canceling') return `Premium is cancelled and ends on ${date}.`;
  if (view.status === 'past_due') return date ? `Premium, paid until ${date}.` : 'Premium.';
  return date ? `Premium renews on ${date}.` : 'Premium, with no end date.';
}

function Subscription({ view, seats }: { view: SubscriptionView; seats: SeatUsage | undefined }) {
  const navigate = useNavigate();
  const change = useChangeSubscriptionMutation();
  const portal = useOpenPortalMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const problem = change.error ?? portal.error;
  return (
    <>
      {view.mode === 'test' ? <TestModeBanner /> : null}
      <section className="flex flex-col gap-2" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="text-xl font-semibold">
          {view.tier === 'premium' ? 'Premium' : 'Free plan'}
        </h2>
        <p>{statusLine(view)}</p>
        <p>{usageLine(view.usage)}</p>
        {seats ? <p>{seatsLine(seats)}</p> : null}
        {seats && view.tier === 'free' ? (
          <p>Premium includes {PREMIUM_INCLUDED_SEATS} seats, and you can buy more.</p>
        ) : null}
      </section>
      {view.payment_failed ? (
        <Alert tone="error">
          <p className="font-semibold">Your last payment failed</p>
          <p className="mt-1">
            Update your card in billing so Premium carries on. We will keep trying the payment for a while.
          </p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {view.tier === 'free' ? (
          <Link to={upgradePath('/subscription')} className={buttonClasses()}>
            Upgrade to Premium
          </Link>
        ) : null}
        {view.can_manage ? (
          <Button
            variant="secondary"
            disabled={portal.isPending}
            onClick={() => portal.mutate('/subscription', { onSuccess: ({ url }) => goTo(url, navigate) })}
          >
            {portal.isPending ? 'Opening billing...' : 'Manage billing (card, invoices, seats)'}
          </Button>
        ) : null}
        {view.can_manage && view.tier === 'premium' && view.status !== 'canceling' && !confirmingCancel ? (
          <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
            Cancel Premium
          </Button>
        ) : null}
        {view.mode === 'stripe' && view.can_manage ? (
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate('resync')}>
            Refresh from Stripe
          </Button>
        ) : null}
      </div>
      {confirmingCancel ? (
        <Alert tone="error">
          <p>
            Cancel Premium at the end of the paid period{view.period_end ? ` (${longDate(view.period_end)})` : ''}? You
            keep Premium until then, and your certificates stay yours.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="danger"
              disabled={change.isPending}
              onClick={() =>
                change.mutate('cancel', {
                  onSuccess: () => {
                    setConfirmingCancel(false);
                    toast({ title: 'Premium cancelled', description: 'It ends at the end of the paid period.' });
                  },
                })
              }
            >
              Yes, cancel at period end
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
              Keep Premium
            </Button>
          </div>
        </Alert>
      ) : null}
      {problem ? <Alert tone="error">{requestErrorMessage(problem)}</Alert> : null}
    </>
  );
}

/** Members and waiting invitations each hold a seat; extra seats are bought in billing. */
function seatsLine({ used, included, extra }: SeatUsage): string {
  const bought = extra > 0 ? ` (${extra} bought)` : '';
  return `${used} of ${included} seats used${bought}: each member and each waiting invitation holds one.`;
}

function usageLine({ completed, limit }: MonthlyUsage): string {
  if (limit === null) return `${completed} completed certificates this month, with no limit.`;
  return `${completed} of ${limit} completed certificates this month.`;
}
