import { isUuid } from '@app/contract';
import type { SignableDocument, SignableDocumentSource } from '../../platform/documents/signable-source.ts';
import { certificateFingerprint } from './certificate-fingerprint.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';

/** A certificate has one version: it is sent once completed, and once signed it can no longer change. */
export const CERTIFICATE_VERSION = 1;

const signable = (row: CertificateRow): SignableDocument => ({
  kind: 'certificate',
  id: row.id,
  ownerId: row.userId,
  number: row.certificateNumber ?? '',
  title: 'Certificate of compliance',
  version: CERTIFICATE_VERSION,
  fingerprint: certificateFingerprint(row),
});

/** Completed certificates, for signing by link (ADR 0017). Certificates have no sign-on register. */
export function certificateSigningSource(pdfs: CertificatePdfService): SignableDocumentSource {
  return {
    kind: 'certificate',
    crewSignOn: false,
    ownerPath: (documentId) => `/certificates/${documentId}`,
    async currentForOwner(db, ownerId, documentId) {
      if (!isUuid(documentId)) return null;
      const row = await certificatesRepo.findOwned(db, ownerId, documentId);
      return row?.status === 'completed' ? signable(row) : null;
    },
    async version(db, documentId, version) {
      if (version !== CERTIFICATE_VERSION) return null;
      const row = await certificatesRepo.findCompleted(db, documentId);
      return row ? signable(row) : null;
    },
    async lockedVersion(tx, documentId, version) {
      if (version !== CERTIFICATE_VERSION || !isUuid(documentId)) return null;
      // The lock update and delete take first (certificates.service.ts).
      const row = await certificatesRepo.findCompleted(tx, documentId, { lock: true });
      return row ? { ...signable(row), current: true } : null;
    },
    async pdf(db, document) {
      const row = await certificatesRepo.findCompleted(db, document.id);
      if (!row) throw new Error(`certificate ${document.id} is gone`);
      return pdfs.pdfFor(row);
    },
  };
}
