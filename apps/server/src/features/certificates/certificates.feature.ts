import { type Feature, joint } from '../../platform/feature-module.ts';
import { certificateFileReferences } from './certificate-files.ts';
import { CertificatePdfService } from './certificate-pdf.service.ts';
import { certificateSigningSource, certificateVerifiableKind } from './certificate-signing-source.ts';
import { certificatesPdfLayouts } from './certificates.pdf-layouts.ts';
import { certificatesRoutes } from './certificates.routes.ts';
import { CertificatesService } from './certificates.service.ts';
import type { OwnChecklistTemplates } from './checklist-snapshots.ts';

/**
 * Certificates of compliance: the records, their photos, versions and PDFs, the monthly count; and
 * the certificate as a document kind for signing and verification.
 */
export const certificatesFeature: Feature = {
  name: 'certificates',
  fileReferences: [certificateFileReferences],
  pdfLayouts: certificatesPdfLayouts,
  build: (deps, _settings, joints) => {
    const pdfs = new CertificatePdfService(
      deps.db,
      deps.files,
      deps.storage,
      // A version's QR code opens its own record.
      (certificateId, version) => `${deps.publicOrigin()}/certificates/${certificateId}?version=${version}`,
      deps.pdfRenderer,
      deps.pdfSeal,
      deps.logger,
      deps.clock,
    );
    // The checklist-templates feature's (ADR 0038); read when a checklist is saved, after every feature is built.
    const ownTemplates: OwnChecklistTemplates = (db, userId, ids) =>
      joint(joints, 'ownChecklistTemplates', 'certificates')(db, userId, ids);
    const service = new CertificatesService(deps.db, deps.files, pdfs, deps.clock, ownTemplates, deps.events);
    return {
      routes: certificatesRoutes(service),
      offers: {
        signableSources: [certificateSigningSource(pdfs, deps.files)],
        verifiableKinds: [certificateVerifiableKind(service)],
      },
    };
  },
};
