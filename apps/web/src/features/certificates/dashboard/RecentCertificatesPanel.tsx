import type { CertificateSummary } from '@app/contract';
import { FirstItemCallToAction, RecentItemsPanel } from '../../../components/ui/RecentItemsPanel.tsx';
import type { OutboxChange } from '../../../lib/outbox/outbox.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { CertificateListItem, WaitingCertificateItem } from '../components/CertificateListItem.tsx';
import { certificateIdOf, useWaitingCertificates } from '../waiting-certificates.ts';

const RECENT_COUNT = 5;

type RecentItem = { certificate: CertificateSummary } | { waitingCreate: OutboxChange };

/**
 * The dashboard's newest certificates; the list's first page, so /certificates opens from the
 * cache. Certificates saved on this phone and not synced yet come first, and every one with
 * changes waiting says "Waiting to sync", as on the list (the outbox, useWaitingCertificates).
 */
export function RecentCertificatesPanel({ userId }: { userId: string }) {
  const list = useCertificates(userId, {});
  const { waitingIds, waitingCreates } = useWaitingCertificates(userId);
  const onServer = list.data?.pages[0]?.items ?? [];
  // A create the server has but whose answer was lost is shown once, as the server has it.
  const notOnServer = waitingCreates.filter((change) => !onServer.some((item) => item.id === certificateIdOf(change)));
  const items: RecentItem[] = [
    ...notOnServer.map((waitingCreate) => ({ waitingCreate })),
    ...onServer.map((certificate) => ({ certificate })),
  ].slice(0, RECENT_COUNT);
  return (
    <RecentItemsPanel
      title="Recent certificates"
      noun="certificates"
      all={{ to: '/certificates', label: 'All certificates' }}
      empty={<FirstItemCallToAction noun="certificates" to="/certificates/new" label="Create your first certificate" />}
      list={{ ...list, items }}
      renderItem={(item) =>
        'certificate' in item ? (
          <CertificateListItem
            key={item.certificate.id}
            certificate={item.certificate}
            waiting={waitingIds.has(item.certificate.id)}
          />
        ) : (
          <WaitingCertificateItem key={item.waitingCreate.seq} change={item.waitingCreate} />
        )
      }
    />
  );
}
