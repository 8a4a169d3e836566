import type { CertificateSummary, WritableCertificateStatus } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { formatCalendarDate, formatInstantDate } from '../format.ts';

const statusLabels: Record<WritableCertificateStatus, string> = { draft: 'Draft', completed: 'Completed' };

/** One certificate in a list: its address (a link to it), status, number, date and photo count. */
export function CertificateListItem({ certificate }: { certificate: CertificateSummary }) {
  const address = certificate.job_site_address || 'No address yet';
  return (
    <li className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={`/certificates/${certificate.id}`} className={`break-words text-base ${textLinkClasses}`}>
          {address}
        </Link>
        <span
          className={`rounded px-2 py-0.5 text-sm font-semibold ${
            certificate.status === 'completed'
              ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100'
              : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50'
          }`}
        >
          {statusLabels[certificate.status]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {[
          certificate.certificate_number,
          certificate.installation_date
            ? `Installed ${formatCalendarDate(certificate.installation_date)}`
            : `Created ${formatInstantDate(certificate.created_at)}`,
          certificate.photo_count > 0
            ? `${certificate.photo_count} photo${certificate.photo_count === 1 ? '' : 's'}`
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}
