import { lazy } from 'react';
import CertificateDetailPage from '../features/certificates/CertificateDetailPage.tsx';

// Only the owner of a completed certificate sees it, so visitors never download it.
const SigningPanel = lazy(() => import('../features/signing/SigningPanel.tsx'));

/** The certificate page with signing by link for the owner of a completed certificate (features meet here). */
export default function CertificateDetailWithSigning() {
  return (
    <CertificateDetailPage
      ownerPanel={(certificate) =>
        certificate.status === 'completed' ? <SigningPanel kind="certificate" documentId={certificate.id} /> : null
      }
    />
  );
}
