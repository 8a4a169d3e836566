import CertificateDetailPage from '../features/certificates/CertificateDetailPage.tsx';
import { signingPanel } from './signing-panel.tsx';

/** The certificate page, with signing by link for the owner of a completed certificate. */
export default function CertificateWithSigning() {
  return <CertificateDetailPage documentPanel={signingPanel} />;
}
