import { FirstItemCallToAction, RecentItemsPanel } from '../../../components/ui/RecentItemsPanel.tsx';
import { useCertificates } from '../api/get-certificates.ts';
import { CertificateListItem } from '../components/CertificateListItem.tsx';

const RECENT_COUNT = 5;

/** The dashboard's newest certificates; the list's first page, so /certificates opens from the cache. */
export function RecentCertificatesPanel({ userId }: { userId: string }) {
  const list = useCertificates(userId, {});
  return (
    <RecentItemsPanel
      title="Recent certificates"
      noun="certificates"
      all={{ to: '/certificates', label: 'All certificates' }}
      empty={<FirstItemCallToAction noun="certificates" to="/certificates/new" label="Create your first certificate" />}
      list={{ ...list, items: list.data?.pages[0]?.items.slice(0, RECENT_COUNT) ?? [] }}
      renderItem={(certificate) => <CertificateListItem key={certificate.id} certificate={certificate} />}
    />
  );
}
