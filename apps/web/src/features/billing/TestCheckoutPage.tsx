import { BILLING_INTERVALS, type BillingInterval, type SubscriptionView } from '@app/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { upgradePath } from '../../lib/upgrade-path.ts';
import { useChangeSubscriptionMutation, useCompleteTestCheckoutMutation } from './api/change-subscription.ts';
import { useSeats } from './api/get-seats.ts';
import { useSubscription } from './api/get-subscription.ts';
import { TestModeBanner } from './components/TestModeBanner.tsx';
import { TestSeatsChange } from './components/TestSeatsChange.tsx';
import { extraSeatsOfText } from './extra-seats.ts';
import { intervalLabels, longDate, premiumPrice } from './plan-copy.ts';
import { safeReturnPath } from './return-path.ts';

const isInterval = (value: string | null): value is BillingInterval =>
  BILLING_INTERVALS.some((interval) => interval === value);

/**
 * Test mode's checkout and portal (no Stripe configured): complete a purchase, change its extra
 * members, or end Premium at once. The server applies each through the same code as Stripe's events.
 */
export default function TestCheckoutPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const subscription = useSubscription(userId);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8">
      <TestModeBanner />
      <PageTitle>Test checkout</PageTitle>
      <QueryView query={subscription} what="your subscription">
        {(view) =>
          view.mode === 'test' ? (
            <TestCheckout userId={userId} view={view} />
          ) : (
            <Alert tone="error">Billing runs on Stripe here: test checkout is switched off.</Alert>
          )
        }
      </QueryView>
    </div>
  );
}

function TestCheckout({ userId, view }: { userId: string; view: SubscriptionView }) {
  const premium = view.tier === 'premium';
  const [searchParams] = useSearchParams();
  const seats = useSeats(userId);
  const navigate = useNavigate();
  const change = useChangeSubscriptionMutation();
  const completion = useCompleteTestCheckoutMutation();
  const returnTo = safeReturnPath(searchParams.get('return_to'));
  const requested = searchParams.get('interval');
  // The purchase is priced by the link's interval; the seats of Premium held by what was bought.
  const interval: BillingInterval = isInterval(requested) ? requested : 'monthly';
  // The link's `extra_seats`; none when absent or not a count.
  const extraSeats = extraSeatsOfText(searchParams.get('extra_seats') ?? '') ?? 0;

  const complete = () =>
    completion.mutate(
      { interval, extra_seats: extraSeats },
      {
        onSuccess: () => {
          toast({ title: 'Welcome to Premium', description: 'Test purchase complete: no more monthly limit.' });
          navigate(returnTo);
        },
      },
    );
  const endNow = () =>
    change.mutate('endNow', {
      onSuccess: () =>
        toast({ title: 'Premium ended', description: 'Test subscription ended: back on the free plan.' }),
    });

  return (
    <div className="flex flex-col gap-4">
      {premium ? (
        <p>You have Premium (test){view.period_end ? ` until ${longDate(view.period_end)}` : ''}.</p>
      ) : (
        <p>
          Premium, {intervalLabels[interval].name.toLowerCase()}: {premiumPrice(interval, extraSeats)} AUD incl. GST
          {extraSeats > 0 ? `, with ${extraSeats} extra ${extraSeats === 1 ? 'seat' : 'seats'}` : ''}. Completing this
          test purchase gives Premium for a {intervalLabels[interval].per} without payment.
        </p>
      )}
      {premium && seats.data ? (
        // Keyed by the count held, so the field starts again from it after each change.
        <TestSeatsChange key={seats.data.extra} interval={view.interval ?? interval} current={seats.data.extra} />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {premium ? null : (
          <Button disabled={completion.isPending} onClick={complete}>
            Complete test purchase
          </Button>
        )}
        {premium ? null : (
          <Link to={upgradePath(returnTo)} className={buttonClasses('secondary')}>
            Cancel
          </Link>
        )}
        {premium ? (
          <Button variant="danger" disabled={change.isPending} onClick={endNow}>
            End now
          </Button>
        ) : null}
        {premium ? (
          <Link to={returnTo} className={buttonClasses('secondary')}>
            Back
          </Link>
        ) : null}
      </div>
      {change.isError || completion.isError ? (
        <Alert tone="error">{requestErrorMessage(change.error ?? completion.error)}</Alert>
      ) : null}
    </div>
  );
}
