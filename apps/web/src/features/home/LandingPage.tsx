import { FREE_MONTHLY_COMPLETED_LIMIT, formatAud, PREMIUM_PRICES_AUD_CENTS } from '@app/contract';
import { Link, useLocation } from 'react-router';
import { buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { SAMPLE_CERTIFICATE_IMAGE } from './sample-certificate.ts';

const features = [
  {
    title: 'Certificates on site',
    text: 'Fill in the job, the standards, the materials and photos on your phone, with your logo and signature from your profile, then hand over a PDF or a link.',
  },
  {
    title: 'Checkable by anyone you give it to',
    text: 'Every completed certificate carries a QR code and a fingerprint of its content, so a builder or certifier can open the online record and see it is genuine.',
  },
  {
    title: 'Safe Work Method Statements',
    text: 'Prepare a SWMS for high-risk work, with the cover sheet you hand to the principal contractor.',
  },
  {
    title: 'Signing by link',
    text: 'Send a document to your crew or client by email; they read it and sign on their own phone, and you see who has signed.',
  },
];

const steps = [
  'Set up your company once: logo, ABN, licence and signature.',
  'On site, fill in the job and add photos.',
  'Complete it: the certificate is numbered, signed and ready to send.',
];

/** The public home page for applicators: what TradeCert does, a real certificate, pricing, sign-up. */
export default function LandingPage() {
  // After deleting their account the user lands here; the toast that said so goes after 2 s.
  const accountDeleted = (useLocation().state as { accountDeleted?: unknown } | null)?.accountDeleted === true;
  return (
    <>
      <section className="bg-brand-50 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          {accountDeleted ? (
            <p role="status" className="mb-6 font-semibold">
              Your account, its records and its files have been deleted.
            </p>
          ) : null}
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
            Compliance certificates for trades, done before you leave the site
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            TradeCert helps waterproofers and other applicators create, store and share professional compliance
            certificates with their logo, signature and photos, and keep their SWMS signed.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonClasses()}>
              Create a free account
            </Link>
            <Link to="/login" className={buttonClasses('secondary')}>
              Sign in
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            Free plan: {FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a month. No card needed.
          </p>
        </div>
      </section>

      <section aria-labelledby="sample-title" className="mx-auto max-w-6xl px-4 py-12">
        <div className="grid items-center gap-8 md:grid-cols-2">
          <div>
            <h2 id="sample-title" className="text-2xl font-semibold">
              A certificate your builder can check
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              This is a real certificate, made by TradeCert from a sample job: your letterhead, the job, the standard
              complied with, what was used, your signed declaration and a QR code that opens its online record.
            </p>
            <ol className="mt-6 flex list-decimal flex-col gap-2 pl-6 text-slate-700 dark:text-slate-300">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <img
            src={SAMPLE_CERTIFICATE_IMAGE.src}
            width={SAMPLE_CERTIFICATE_IMAGE.width}
            height={SAMPLE_CERTIFICATE_IMAGE.height}
            alt={SAMPLE_CERTIFICATE_IMAGE.alt}
            // The box is reserved before the lazy image loads, so nothing below it moves.
            style={{ aspectRatio: `${SAMPLE_CERTIFICATE_IMAGE.width} / ${SAMPLE_CERTIFICATE_IMAGE.height}` }}
            loading="lazy"
            decoding="async"
            className="mx-auto h-auto w-full max-w-md rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700"
          />
        </div>
      </section>

      <section aria-labelledby="features-title" className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="features-title" className="text-2xl font-semibold">
            What you can do
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="pricing-title" className="bg-brand-50 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12">
          <h2 id="pricing-title" className="text-2xl font-semibold">
            Start free, upgrade when you are busy
          </h2>
          <p className="max-w-2xl text-slate-700 dark:text-slate-300">
            The free plan includes {FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a month. Premium removes the
            limit and lets you edit and delete certificates, for {formatAud(PREMIUM_PRICES_AUD_CENTS.monthly)} a month
            or {formatAud(PREMIUM_PRICES_AUD_CENTS.yearly)} a year (AUD, GST included).{' '}
            <Link to="/pricing" className={textLinkClasses}>
              See pricing
            </Link>
          </p>
          <Link to="/register" className={buttonClasses()}>
            Create a free account
          </Link>
        </div>
      </section>
    </>
  );
}
