import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { verificationRoutes } from './verification.routes.ts';

/** The public verification page of any document version, answered by each kind (issue 21), and "Verify a PDF" (issue 25). */
export const verificationFeature = (deps: Pick<FeatureDeps, 'pdfSeal'>, kinds: VerifiableKind[]): FeatureModule => ({
  routes: verificationRoutes(kinds, deps.pdfSeal),
});
