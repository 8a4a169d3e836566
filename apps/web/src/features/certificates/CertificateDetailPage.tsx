import type { Certificate } from '@app/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { VerdictBanner } from '../../components/ui/VerdictBanner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import type { DocumentPanel } from '../../lib/document-panel.ts';
import { isNotFound, useCertificate } from './api/get-certificate.ts';
import { ApplicatorDetails } from './components/ApplicatorDetails.tsx';
import { PhotoGrid } from './components/PhotoGrid.tsx';
import { Section, Text } from './components/ShareSection.tsx';
import { formatCalendarDate, formatInstantDate, versionParam } from './format.ts';

// Only the owner sees these, so visitors following a share link never download them.
const OwnerActions = lazy(() => import('./components/OwnerActions.tsx'));
// Only a certificate with material lines, property details, checklists or dated photos loads the
// code that shows them (and the templates checklists are judged by): the public page stays light.
const records = () => import('./components/CertificateRecords.tsx');
const JobRecordDetails = lazy(() => records().then((module) => ({ default: module.JobRecordDetails })));
const StageEvidence = lazy(() => records().then((module) => ({ default: module.StageEvidence })));

/** Something another feature shows the owner on their certificate's page (composed in app/). */
/**
 * The share link (not login-guarded): a completed certificate, read-only, for anyone holding the
 * link, such as the builder or certifier. The owner also sees their drafts and the actions, and
 * the app's `documentPanel` (signing) once the certificate is completed.
 */
export default function CertificateDetailPage({ documentPanel }: { documentPanel?: DocumentPanel }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const certificate = useCertificate(id, versionParam(search));
  if (certificate.isError) {
    return isNotFound(certificate.error) ? (
      <CertificateNotFound />
    ) : (
      <Column>
        <PageTitle>Certificate</PageTitle>
        <div className="mt-6 flex flex-col items-start gap-4">
          {/* Plain words rather than lib/request-errors: this public page keeps its JavaScript small. */}
          <Alert tone="error">The certificate could not be loaded. Check your connection and try again.</Alert>
          <Button onClick={() => void certificate.retry()}>Try again</Button>
        </div>
      </Column>
    );
  }
  if (!certificate.data) return <Spinner label="Loading certificate..." />;
  return <CertificateView certificate={certificate.data} documentPanel={documentPanel} />;
}

function Column({ children }: { children: ReactNode }) {
  return <article className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">{children}</article>;
}

function CertificateNotFound() {
  const auth = useAuth();
  return (
    <Column>
      <PageTitle>Certificate not found</PageTitle>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Check that the link is complete. A certificate can only be viewed once it is completed; if it was deleted, ask
        the applicator for a new link.
      </p>
      <p className="mt-6">
        {auth.status === 'signed-in' ? (
          <Link to="/certificates" className={buttonClasses('secondary')}>
            Go to your certificates
          </Link>
        ) : (
          <Link to="/" className={buttonClasses('secondary')}>
            Go to the home page
          </Link>
        )}
      </p>
    </Column>
  );
}

function CertificateView({
  certificate,
  documentPanel,
}: {
  certificate: Certificate;
  documentPanel?: DocumentPanel | undefined;
}) {
  const completed = certificate.status === 'completed';
  const { verdict } = certificate;
  // A QR code names its version; the download is of the version on screen.
  const versionQuery = certificate.version > 1 || verdict.status !== 'current' ? `?version=${certificate.version}` : '';
  return (
    <Column>
      {completed ? (
        <div className="mb-4">
          <VerdictBanner
            verdict={verdict}
            next={
              verdict.status === 'superseded' ? (
                <Link to={`/certificates/${certificate.id}`} className="font-semibold underline">
                  Open the current version
                </Link>
              ) : null
            }
          />
        </div>
      ) : null}
      <header className="flex flex-col gap-1">
        {completed ? null : (
          <p className="self-start rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
            {certificate.version > 1
              ? `Draft of version ${certificate.version}: only you can see it. Version ${certificate.version - 1} stays the issued one until you complete this draft.`
              : 'Draft: only you can see it'}
          </p>
        )}
        <PageTitle>Certificate of compliance</PageTitle>
        {certificate.certificate_number ? (
          <p className="text-lg font-semibold">Certificate number {certificate.certificate_number}</p>
        ) : null}
        {certificate.completed_at ? (
          <p className="text-slate-600 dark:text-slate-300">Issued {formatInstantDate(certificate.completed_at)}</p>
        ) : null}
        {certificate.version > 1 ? (
          <p className="font-semibold">
            Version {certificate.version}
            {certificate.amended_at ? ` — amended ${formatInstantDate(certificate.amended_at)}` : ''}
            {certificate.amendment_reason ? (
              <span className="block font-normal">
                Reason: <bdi>{certificate.amendment_reason}</bdi>
              </span>
            ) : null}
          </p>
        ) : null}
        {completed ? (
          // Printed on the PDF too: a paper copy whose fingerprint differs was changed after printing.
          <details className="text-sm text-slate-600 dark:text-slate-300">
            <summary className="min-h-11 cursor-pointer py-2 font-medium">Details</summary>
            <p>
              Version {certificate.version}. Fingerprint (SHA-256), to compare with the one printed on the PDF:{' '}
              <span className="break-all font-mono">{certificate.fingerprint}</span>
            </p>
          </details>
        ) : null}
      </header>

      <p className="mt-4">
        <Link
          to={`/certificates/${certificate.id}/download${versionQuery}`}
          className={buttonClasses(completed ? 'primary' : 'secondary')}
        >
          {completed ? 'Download PDF' : 'Download draft PDF'}
        </Link>
      </p>

      {certificate.is_owner ? (
        <Suspense fallback={null}>
          <OwnerActions certificate={certificate} />
          {completed ? documentPanel?.({ kind: 'certificate', id: certificate.id }) : null}
        </Suspense>
      ) : null}

      <div className="mt-6 flex flex-col gap-6">
        <Section title="Applicator">
          {certificate.applicator ? (
            <ApplicatorDetails applicator={certificate.applicator} />
          ) : (
            <p className="text-slate-600 dark:text-slate-300">
              Your company details from your profile are added when the certificate is completed.
            </p>
          )}
        </Section>

        <Section title="Job details">
          {/* Label above value on a phone, beside it on wider screens. */}
          <dl className="grid grid-cols-1 gap-x-3 sm:grid-cols-[12rem_1fr] sm:gap-y-3 [&>dd]:mb-3 sm:[&>dd]:mb-0">
            <dt className="font-medium text-slate-600 dark:text-slate-300">Job site address</dt>
            <dd className="break-words">
              <bdi>{certificate.job_site_address || '—'}</bdi>
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">Installation date</dt>
            <dd>{certificate.installation_date ? formatCalendarDate(certificate.installation_date) : '—'}</dd>
            <dt className="font-medium text-slate-600 dark:text-slate-300">Areas</dt>
            <dd>
              <Text>{certificate.areas}</Text>
            </dd>
          </dl>
        </Section>

        <Section title="Standards">
          {certificate.standards.length > 0 ? (
            <ul className="list-disc pl-5">
              {certificate.standards.map((standard) => (
                <li key={standard}>{standard}</li>
              ))}
            </ul>
          ) : (
            <p>—</p>
          )}
        </Section>

        {certificate.materials.length > 0 || certificate.state_details ? (
          <Suspense fallback={<Spinner label="Loading the materials..." />}>
            <JobRecordDetails certificate={certificate} />
          </Suspense>
        ) : (
          <Section title="Materials used">
            <Text>{certificate.materials_used}</Text>
          </Section>
        )}

        <Section title="Additional information">
          <Text>{certificate.additional_info}</Text>
        </Section>

        {certificate.checklists.length > 0 || certificate.photos.some((photo) => photo.taken_at) ? (
          <Suspense fallback={<Spinner label="Loading the checklists and photos..." />}>
            <StageEvidence certificate={certificate} />
          </Suspense>
        ) : certificate.photos.length > 0 ? (
          <Section title="Photos">
            <PhotoGrid photos={certificate.photos} />
          </Section>
        ) : null}
      </div>
    </Column>
  );
}
