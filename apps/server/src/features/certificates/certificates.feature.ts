import { type Feature, type FeatureDeps, type FeatureModule, joint } from '../../platform/feature-module.ts';
import { certificateFileReferences } from './certificate-files.ts';
import { CertificateIssuing } from './certificate-issuing.ts';
import { CertificatePdfService } from './certificate-pdf.service.ts';
import { CertificatePhotos } from './certificate-photos.ts';
import { CertificateReads } from './certificate-reads.ts';
import { CertificateReview } from './certificate-review.ts';
import { certificateSigningSource, certificateVerifiableKind } from './certificate-signing-source.ts';
import { certificatesPdfLayouts } from './certificates.pdf-layouts.ts';
import { certificatesRoutes } from './certificates.routes.ts';
import type { OwnChecklistTemplates } from './checklist-snapshots.ts';

/**
 * Certificates of compliance: the records, their photos, versions and PDFs, the monthly count; and
 * the certificate as a document kind for signing and verification.
 */
export const certificatesFeature: Feature = {
  name: 'certificates',
  fileReferences: [certificateFileReferences],
  pdfLayouts: certificatesPdfLayouts,
  // The checklist-templates feature's (ADR 0038), looked up when a checklist is saved.
  build: (deps, _settings, joints) =>
    certificatesModule(deps, (db, userId, ids) =>
      joint(joints, 'ownChecklistTemplates', 'certificates')(db, userId, ids),
    ),
};

function certificatesModule(
  deps: FeatureDeps,
  /** The owner's custom checklist templates (the checklist-templates feature's). */
  ownTemplates: OwnChecklistTemplates,
): FeatureModule {
  const pdfs = new CertificatePdfService(
    deps.db,
    deps.files,
    deps.storage,
    // A version's QR code opens its verification, as every document kind's does (ADR 0072).
    (certificateId, version) => `${deps.publicOrigin()}/verify/certificate/${certificateId}/${version}`,
    deps.pdfRenderer,
    deps.pdfSeal,
    deps.logger,
  );
  const issuing = new CertificateIssuing(deps.db, deps.files, pdfs, deps.clock, ownTemplates, deps.events);
  const reads = new CertificateReads(deps.db, deps.files, pdfs, deps.clock);
  const photos = new CertificatePhotos(deps.db, deps.files);
  const review = new CertificateReview(deps.db, deps.files);
  return {
    routes: certificatesRoutes({ issuing, reads, photos, review }),
    offers: {
      signableSources: [certificateSigningSource(pdfs, deps.files)],
      verifiableKinds: [certificateVerifiableKind(reads)],
    },
  };
}
