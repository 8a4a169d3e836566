import type { CertificateSummary } from '@app/contract';
import ImageIcon from 'lucide-react/icons/image';
import { useState } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/Button.tsx';
import { MakerLine } from '../../../components/ui/MadeByToggle.tsx';
import { StatusChip } from '../../../components/ui/StatusChip.tsx';
import type { OutboxChange } from '../../../lib/outbox/outbox.ts';
import { formatCalendarDate, formatInstantDate } from '../format.ts';
import { type CertificateChip, certificateChip, outboxChip } from './certificate-chip.ts';

/**
 * One certificate in a list: the first photo's thumbnail, the job address first (the
 * link to it), its status chip and date, then number and photo count. The thumbnail, or the picture
 * sign standing in for it, is decorative: the address says which certificate it is.
 */
export function CertificateListItem({
  certificate,
  waiting = false,
  maker = null,
}: {
  certificate: CertificateSummary;
  /** Changes to it on this phone are not sent yet. */
  waiting?: boolean;
  /** Who made it, in a team's list (lib/use-made-by-filter.ts, makerLabel). */
  maker?: string | null;
}) {
  const details = [
    certificate.certificate_number,
    certificate.photo_count > 0 ? `${certificate.photo_count} photo${certificate.photo_count === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return (
    <CertificateRow
      to={`/certificates/${certificate.id}`}
      address={certificate.job_site_address}
      thumbnailUrl={certificate.thumbnail_url}
      chip={certificateChip(certificate, waiting)}
      date={
        certificate.installation_date
          ? `Installed ${formatCalendarDate(certificate.installation_date)}`
          : `Created ${formatInstantDate(certificate.created_at)}`
      }
      details={details.join(' · ')}
      maker={maker}
    />
  );
}

/**
 * A certificate made on this phone that the server does not have yet (its create waits in the
 * outbox, or was refused at sync), in the same row; it leads to the certificates list, where it can be opened, sent again
 * or discarded.
 */
export function WaitingCertificateItem({ change }: { change: OutboxChange }) {
  return (
    <CertificateRow
      to="/certificates"
      address={change.label}
      thumbnailUrl={null}
      chip={outboxChip(change.refused)}
      date={`Saved ${formatInstantDate(change.createdAt)}`}
      details=""
    />
  );
}

function CertificateRow({
  to,
  address,
  thumbnailUrl,
  chip,
  date,
  details,
  maker = null,
}: {
  to: string;
  address: string;
  thumbnailUrl: string | null;
  chip: CertificateChip;
  date: string;
  details: string;
  maker?: string | null;
}) {
  return (
    <li className="flex gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <Thumbnail url={thumbnailUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={to} className={`break-words text-base ${textLinkClasses}`}>
          <bdi>{address || 'No address yet'}</bdi>
        </Link>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusChip tone={chip.tone}>{chip.words}</StatusChip>
          <span className="text-sm text-slate-600 dark:text-slate-300">{date}</span>
        </div>
        {details ? <p className="text-sm text-slate-600 dark:text-slate-300">{details}</p> : null}
        <MakerLine label={maker} />
      </div>
    </li>
  );
}

const THUMBNAIL_SIZE = 64;

/** A fixed-size square, so rows line up with or without a photo (or when a cached URL has expired). */
function Thumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  const box = 'size-16 shrink-0 rounded bg-slate-100 dark:bg-slate-800';
  if (!url || failed) {
    // An empty grey square reads as a photo that failed to load: a picture sign says there is none.
    return (
      <div aria-hidden="true" className={`${box} flex items-center justify-center text-slate-500 dark:text-slate-400`}>
        <ImageIcon className="size-7" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${box} object-cover`}
    />
  );
}
