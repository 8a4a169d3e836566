import { BILLING_INTERVALS, BILLING_NOT_CONFIGURED_MESSAGE, type BillingInterval } from '@app/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useBillingSwitchedOff } from './api/webhook-status.ts';
import { intervalLabels, planFeatures, priceLabel, yearlySaving } from './plan-copy.ts';

/** /pricing (public): Free and Premium side by side, prices in AUD incl. GST, and the way to buy. */
export default function PricingPage() {
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8">
      <div>
        <PageTitle>Pricing</PageTitle>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Start free. Go Premium when you issue more than a few certificates a month. Prices are in Australian dollars
          and include GST.
        </p>
      </div>
      <IntervalChoice value={interval} onChange={setInterval} />
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard name="Free" price="$0" features={planFeatures.free}>
          <FreeAction />
        </PlanCard>
        <PlanCard name="Premium" price={priceLabel(interval)} features={planFeatures.premium} highlighted>
          <PremiumAction interval={interval} />
        </PlanCard>
      </div>
    </div>
  );
}

function IntervalChoice({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-4">
      <legend className="mb-2 font-semibold">Billing period</legend>
      {BILLING_INTERVALS.map((interval) => (
        <label key={interval} className="inline-flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={name}
            value={interval}
            checked={value === interval}
            onChange={() => onChange(interval)}
            className="size-5"
          />
          {intervalLabels[interval].name}
          {interval === 'yearly' && yearlySaving() ? (
            <span className="text-sm text-slate-600 dark:text-slate-300">({yearlySaving()})</span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}

function PlanCard({
  name,
  price,
  features,
  highlighted = false,
  children,
}: {
  name: string;
  price: string;
  features: readonly string[];
  highlighted?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`plan-${name}`}
      className={`flex flex-col gap-4 rounded-lg border p-6 ${
        highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-300 dark:border-slate-600'
      }`}
    >
      <h2 id={`plan-${name}`} className="text-xl font-semibold">
        {name}
      </h2>
      <p className="text-3xl font-bold">
        {price}
        <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">AUD incl. GST</span>
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="mt-auto">{children}</div>
    </section>
  );
}

function FreeAction() {
  const auth = useAuth();
  if (auth.status === 'signed-in') return <p className="text-sm">Included with every account.</p>;
  return (
    <Link to="/register" className={buttonClasses('secondary')}>
      Create a free account
    </Link>
  );
}

// Only a signed-in user can buy: their part (profile, checkout) loads when they are, so a visitor's
// page stays within the public pages' script budget (PRODUCT.md, Budgets).
const CheckoutAction = lazy(() => import('./components/CheckoutAction.tsx'));

function PremiumAction({ interval }: { interval: BillingInterval }) {
  const auth = useAuth();
  const location = useLocation();
  // A server without payments set up says so, rather than offering a purchase that cannot happen.
  if (useBillingSwitchedOff()) return <p className="font-medium">{BILLING_NOT_CONFIGURED_MESSAGE}</p>;
  if (auth.status !== 'signed-in') {
    return (
      <div className="flex flex-wrap gap-3">
        <Link to="/register" className={buttonClasses()}>
          Sign up to go Premium
        </Link>
        <Link
          to="/login"
          state={{ from: `${location.pathname}${location.search}` }}
          className={buttonClasses('secondary')}
        >
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading your plan..." />}>
      <CheckoutAction interval={interval} />
    </Suspense>
  );
}
