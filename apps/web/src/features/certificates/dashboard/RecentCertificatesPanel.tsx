import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses, textLinkClasses } from '../../../components/ui/Button.tsx';
import { PanelSection } from '../../../components/ui/PanelSection.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { CertificateListItem } from '../components/CertificateListItem.tsx';

const RECENT_COUNT = 5;

/** The dashboard's newest certificates; the list's first page, so /certificates opens from the cache. */
export function RecentCertificatesPanel({ userId }: { userId: string }) {
  const list = useCertificates(userId, {});
  const recent = list.data?.pages[0]?.items.slice(0, RECENT_COUNT) ?? [];
  return (
    <PanelSection
      title="Recent certificates"
      action={
        <Link to="/certificates" className={`text-sm ${textLinkClasses}`}>
          All certificates
        </Link>
      }
    >
      {list.isPending ? (
        <Spinner label="Loading certificates..." />
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">Your certificates could not be loaded. {requestErrorMessage(list.error)}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : recent.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {recent.map((certificate) => (
            <CertificateListItem key={certificate.id} certificate={certificate} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p>No certificates yet.</p>
          <Link to="/certificates/new" className={buttonClasses()}>
            Create your first certificate
          </Link>
        </div>
      )}
    </PanelSection>
  );
}
