import { documentVerifyPath } from '@app/contract';
import type { SignableDocumentSource } from '../../platform/documents/signable-source.ts';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { swmsRoutes } from './swms.routes.ts';
import { SwmsService } from './swms.service.ts';
import { SwmsPdfService } from './swms-pdf.service.ts';
import { swmsSigningSources, swmsVerifiableKinds } from './swms-signing-source.ts';

/** SWMS and their cover sheets; both as document kinds for signing and verification. */
export function swmsFeature(
  deps: FeatureDeps,
): FeatureModule & { signingSources: SignableDocumentSource[]; verifiableKinds: VerifiableKind[] } {
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
    signingSources: swmsSigningSources(service),
    verifiableKinds: swmsVerifiableKinds(service),
  };
}
