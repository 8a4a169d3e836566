import { documentKindDeclarations, signableDocumentKinds } from '@app/contract';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { VerdictBanner } from '../../components/ui/VerdictBanner.tsx';
import { useVerification, type VerifiableKind } from './api/get-verification.ts';

const isKind = (kind: string | undefined): kind is VerifiableKind =>
  (signableDocumentKinds as readonly string[]).includes(kind ?? '');
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /verify/{kind}/{id}/{version}, the page every printed QR code opens (ADR 0072). Public, and
 * deliberately thin: it says what the record holds of the version on paper (the verdict first),
 * without showing the document's content; an issued certificate links on to its share page.
 */
export default function VerifyPage() {
  const { kind, id = '', version = '' } = useParams();
  const name = isKind(kind) ? documentKindDeclarations[kind].nameInSentence : 'document';
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      <PageTitle>Verify a {name}</PageTitle>
      {isKind(kind) ? (
        <Verification kind={kind} id={id} version={version} />
      ) : (
        <Alert tone="error">We have no record of this document. Check the code or address on your copy.</Alert>
      )}
    </section>
  );
}

function Verification({ kind, id, version }: { kind: VerifiableKind; id: string; version: string }) {
  const verification = useVerification(kind, id, version);
  const { data } = verification;
  if (verification.isError) {
    return (
      <Alert tone="error">
        We have no record of this {documentKindDeclarations[kind].nameInSentence} version. Check the code or address on
        your copy.
      </Alert>
    );
  }
  if (!data) return <Spinner label="Checking the record..." />;
  const superseded = data.verdict.superseded_by;
  return (
    <>
      <VerdictBanner
        verdict={data.verdict}
        next={
          superseded ? (
            kind === 'certificate' ? (
              <Link to={`/certificates/${id}?version=${superseded.version}`} className="font-semibold underline">
                Open version {superseded.version}
              </Link>
            ) : (
              `Ask ${data.business_name || 'the business'} for version ${superseded.version}, and work to that one.`
            )
          ) : null
        }
      />
      <dl className="grid grid-cols-1 gap-x-3 sm:grid-cols-[12rem_1fr] sm:gap-y-3 [&>dd]:mb-3 sm:[&>dd]:mb-0">
        <dt className="font-semibold">Number</dt>
        <dd>{data.number || 'Not numbered yet'}</dd>
        <dt className="font-semibold">Version</dt>
        <dd>{data.version}</dd>
        <dt className="font-semibold">Issued by</dt>
        <dd>
          <bdi>{data.business_name || 'Not recorded'}</bdi>
        </dd>
        <dt className="font-semibold">Date of this version</dt>
        <dd>{dateOf(data.version_date)}</dd>
        <dt className="font-semibold">Signatures on this version</dt>
        <dd>
          {data.signature_count === 0 ? (
            'None'
          ) : (
            <>
              <ul className="flex flex-col gap-1">
                {data.signatures.map((signature) => (
                  <li key={`${signature.signed_at}-${signature.signer_name}`}>
                    <bdi>{signature.signer_name}</bdi>
                    {signature.signer_company ? (
                      <>
                        , <bdi>{signature.signer_company}</bdi>
                      </>
                    ) : null}{' '}
                    · signed {dateOf(signature.signed_at)}
                  </li>
                ))}
              </ul>
              {data.signature_count > data.signatures.length ? (
                <p>…and {data.signature_count - data.signatures.length} more.</p>
              ) : null}
            </>
          )}
        </dd>
      </dl>
      {kind === 'certificate' && data.verdict.status !== 'not_issued' ? (
        <CertificateShareLink id={id} version={data.version} />
      ) : null}
      {data.fingerprint ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Details</summary>
          <p className="text-sm">
            SHA-256 fingerprint, to compare with the one printed on your copy (if they differ, the copy was changed):{' '}
            <span className="break-all font-mono">{data.fingerprint}</span>
          </p>
        </details>
      ) : null}
    </>
  );
}

/** A certificate's share page shows what was issued, to anyone with the link (ADR 0072). */
function CertificateShareLink({ id, version }: { id: string; version: number }) {
  return (
    <p>
      <Link
        to={`/certificates/${id}?version=${version}`}
        className="inline-flex min-h-11 items-center font-semibold underline"
      >
        View the certificate
      </Link>
    </p>
  );
}
