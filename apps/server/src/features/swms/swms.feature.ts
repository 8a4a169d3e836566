import { documentVerifyPath } from '@app/contract';
import { letterheadFileReferences } from '../../platform/documents/letterheads.ts';
import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { swmsPdfLayouts } from './swms.pdf-layouts.ts';
import { swmsRoutes } from './swms.routes.ts';
import { SwmsService } from './swms.service.ts';
import { SwmsPdfService } from './swms-pdf.service.ts';
import { swmsSigningSources, swmsVerifiableKinds } from './swms-signing-source.ts';

/** SWMS and their cover sheets; both as document kinds for signing and verification. */
export const swmsFeature: Feature = {
  name: 'swms',
  pdfLayouts: swmsPdfLayouts,
  // The logo and signature each issued version's frozen letterhead prints (ADR 0088).
  fileReferences: [letterheadFileReferences],
  build: (deps) => swmsModule(deps),
};

function swmsModule(deps: FeatureDeps): FeatureModule {
  const pdfs = new SwmsPdfService(
    deps.db,
    deps.files,
    deps.storage,
    // A version's QR code opens the public verification page.
    (kind, id, version) => `${deps.publicOrigin()}${documentVerifyPath(kind, id, version)}`,
    deps.pdfRenderer,
    deps.pdfSeal,
    deps.logger,
  );
  const service = new SwmsService(deps.db, pdfs, deps.clock, deps.events);
  return {
    routes: swmsRoutes(service),
    offers: { signableSources: swmsSigningSources(service), verifiableKinds: swmsVerifiableKinds(service) },
  };
}
