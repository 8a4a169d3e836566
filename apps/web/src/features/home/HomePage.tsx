import { FREE_MONTHLY_COMPLETED_LIMIT } from '@app/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';

const features = [
  {
    title: 'Certificates on site',
    text: 'Fill in the job, standards, materials and photos on your phone, then hand over a branded PDF or a link.',
  },
  {
    title: 'Verifiable',
    text: 'Every completed certificate has a QR code and fingerprint so a builder or certifier can check it is genuine.',
  },
  {
    title: 'SWMS and signing',
    text: 'Prepare Safe Work Method Statements with a cover sheet and have your crew sign them by link.',
  },
];

export default function HomePage() {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <>
      <section className="bg-brand-50 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
            Compliance certificates for trades, done before you leave the site
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            TradeCert helps waterproofers and other applicators create, store and share professional compliance
            certificates with their logo, signature and photos.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {signedIn ? (
              <>
                <Link to="/certificates/new" className={buttonClasses()}>
                  New certificate
                </Link>
                <Link to="/certificates" className={buttonClasses('secondary')}>
                  Your certificates
                </Link>
              </>
            ) : (
              <>
                <Link to="/register" className={buttonClasses()}>
                  Create a free account
                </Link>
                <Link to="/login" className={buttonClasses('secondary')}>
                  Sign in
                </Link>
              </>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            Free plan: {FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a month.{' '}
            <Link to="/pricing" className="underline">
              See pricing
            </Link>
          </p>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-title" className="text-xl font-semibold">
          What you can do
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
