import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { planChanged } from './api/billing-keys.ts';
import { useSubscription } from './api/get-subscription.ts';
import { safeReturnPath } from './return-path.ts';

/** How long to wait for Stripe's event before saying so. */
const PATIENCE_MS = 30_000;

/**
 * Where Stripe's checkout comes back to: Premium starts when Stripe's event arrives (usually within
 * seconds), so this waits for it, then returns the user to where they were, with a toast.
 */
export default function CheckoutReturnPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const subscription = useSubscription(userId, { pollMs: 1000 });
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const returnTo = safeReturnPath(searchParams.get('return_to'));
  const premium = subscription.data?.tier === 'premium';

  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!premium) return;
    void planChanged(queryClient);
    toast({ title: 'Welcome to Premium', description: 'Payment received: no more monthly limit.' });
    navigate(returnTo, { replace: true });
  }, [premium, navigate, returnTo, queryClient]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8">
      <PageTitle>Confirming your payment</PageTitle>
      {waitedTooLong ? (
        <p>
          Stripe has not confirmed the payment yet. It can take a minute: check your{' '}
          <Link to="/subscription" className={textLinkClasses}>
            subscription
          </Link>{' '}
          shortly.
        </p>
      ) : (
        <Spinner label="Waiting for Stripe to confirm your payment..." />
      )}
    </div>
  );
}
