import type { RiskRating, SignerRisk, SignerSection, SignPage } from '@app/contract';
import { type ReactNode, useId } from 'react';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { focusWhenShown } from '../../components/ui/focus-when-shown.ts';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { signedCopyUrl, signPagePdfUrl } from './api/get-sign-page.ts';

/** The frame and pieces every state of /sign/:token shows. */

export /** "3 Dec 2026", in the signer's own time zone. */
const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** `focusTitle`: a state the signer's action brought (signed, declined), so its title takes the focus. */
export function Column({
  title,
  focusTitle = false,
  children,
}: {
  title: string;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <PageTitle key={title} ref={focusTitle ? focusWhenShown : undefined}>
        {title}
      </PageTitle>
      {children}
    </article>
  );
}

const muted = 'text-sm text-slate-600 dark:text-slate-300';

export function DocumentSummary({ page, token }: { page: SignPage; token: string }) {
  const { document, content } = page;
  const sender = content?.sender;
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <p className={muted}>
        From <bdi>{sender?.business_name || page.company_name}</bdi>
      </p>
      {sender?.name || sender?.email ? (
        <p className={`${muted} break-words`}>
          <bdi>{sender.name}</bdi>
          {sender.name && sender.email ? ' · ' : ''}
          {sender.email ? (
            <bdi>
              <a href={`mailto:${sender.email}`} className="underline">
                {sender.email}
              </a>
            </bdi>
          ) : null}
        </p>
      ) : null}
      <h2 className="text-lg font-semibold">
        <bdi>{document.title}</bdi>
        {document.number ? ` ${document.number}` : ''}
      </h2>
      <p className="text-sm">Version {document.version}</p>
      <p>
        {/* The PDF is the document exactly as it is filed; phones open it in their own viewer. */}
        <a href={signPagePdfUrl(token)} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
          Read the PDF
        </a>
      </p>
      <details className={muted}>
        <summary className="cursor-pointer">Fingerprint (SHA-256)</summary>
        <span className="break-all font-mono">{document.fingerprint}</span>
      </details>
      {content?.sections.map((section) => (
        <DocumentSection key={section.heading} section={section} />
      ))}
    </section>
  );
}

/**
 * A named signer's own copy, as soon as they signed (ADR 0068): the version they signed and its
 * signature certificate, without the other signers' emails and IPs. A crew sign-on's code is shared
 * by the whole crew, so it is no one's own copy.
 */
export function SignedCopyLink({ token }: { token: string }) {
  return (
    <p className="flex flex-col items-start gap-2">
      <a href={signedCopyUrl(token)} download className={buttonClasses('primary')}>
        Download your copy
      </a>
      <span className={muted}>The version you signed, with its signature certificate.</span>
    </p>
  );
}

/** A version's content is read once and never reordered on this page: its place is its key. */
const keyOf = (index: number) => `#${index}`;

/** One section of the version being signed, as the server words it (the PDF's words and order). */
function DocumentSection({ section }: { section: SignerSection }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
    >
      <h3 id={headingId} className="font-semibold">
        {section.heading}
      </h3>
      {section.fields?.length ? (
        <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          {section.fields.map((field, index) => (
            <div key={keyOf(index)} className="contents">
              <dt className={muted}>{field.label}</dt>
              <dd className="whitespace-pre-line break-words">
                <bdi>{field.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {section.items?.map((item, index) => (
        <p key={keyOf(index)} className="whitespace-pre-line break-words">
          <bdi>{item}</bdi>
        </p>
      ))}
      {section.photos ? (
        <ul className="grid grid-cols-2 gap-3">
          {section.photos.map((photo, index) => (
            <li key={photo.url} className={muted}>
              <a href={photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.thumbnail_url}
                  alt={photo.caption || `Photo ${index + 1}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded object-cover"
                />
              </a>
              <bdi>{photo.caption}</bdi> {photo.taken}
            </li>
          ))}
        </ul>
      ) : null}
      {section.steps ? (
        <ol className="flex flex-col gap-3">
          {section.steps.map((step, index) => (
            <li
              key={keyOf(index)}
              className="flex flex-col gap-1 rounded border border-slate-200 p-3 dark:border-slate-700"
            >
              <p className="font-medium">
                Step {index + 1}: <bdi>{step.description}</bdi>
              </p>
              <p>
                Hazards: <bdi>{step.hazards}</bdi>
              </p>
              <Risk label="Initial risk" risk={step.initial_risk} />
              <ul className="list-disc pl-5">
                {step.controls.map((control, index) => (
                  <li key={keyOf(index)}>
                    <bdi>{control}</bdi>
                  </li>
                ))}
              </ul>
              <Risk label="Residual risk" risk={step.residual_risk} />
              {step.responsible ? (
                <p className={muted}>
                  Responsible: <bdi>{step.responsible}</bdi>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

const ratingClasses: Record<RiskRating, string> = {
  low: 'bg-green-100 text-green-900',
  medium: 'bg-yellow-100 text-yellow-900',
  high: 'bg-orange-100 text-orange-900',
  extreme: 'bg-red-100 text-red-900',
};

/** A rating in words, on its colour. */
function Risk({ label, risk }: { label: string; risk: SignerRisk | null }) {
  return (
    <p>
      {label}:{' '}
      <span className={risk ? `rounded px-1.5 font-semibold ${ratingClasses[risk.rating]}` : ''}>
        {risk?.text ?? 'Not rated'}
      </span>
    </p>
  );
}
