import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { useCertificateVersions } from '../api/get-certificate-versions.ts';
import { formatInstantDate } from '../format.ts';

/**
 * The owner's history of a certificate: each issued version with its date, reason and signatures,
 * newest first, each with its own page (what its QR code opens) and PDF.
 */
export function CertificateVersions({ userId, certificateId }: { userId: string; certificateId: string }) {
  const versions = useCertificateVersions(userId, certificateId);
  const items = versions.data?.items ?? [];
  // One version and nothing to tell: the page above already says it all.
  if (items.length < 2 && !items.some((item) => item.signatures.length > 0)) return null;
  return (
    <section aria-labelledby="versions-heading" className="flex flex-col gap-2">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Versions
      </h2>
      <ul className="flex flex-col gap-2">
        {[...items].reverse().map((item) => (
          <li key={item.version} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="font-semibold">
              Version {item.version}
              {item.current ? ' (current)' : ''} · {item.version > 1 ? 'amended' : 'issued'}{' '}
              {formatInstantDate(item.issued_at)}
            </p>
            {item.amendment_reason ? <p>Reason: {item.amendment_reason}</p> : null}
            <p>
              {item.signatures.length === 0
                ? 'Not signed'
                : `Signed by ${item.signatures
                    .map((signature) =>
                      signature.company ? `${signature.name} (${signature.company})` : signature.name,
                    )
                    .join(', ')}`}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4">
              <Link to={`/certificates/${certificateId}?version=${item.version}`} className={textLinkClasses}>
                View version {item.version}
              </Link>
              <Link to={`/certificates/${certificateId}/download?version=${item.version}`} className={textLinkClasses}>
                PDF of version {item.version}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
