import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { verificationRoutes } from './verification.routes.ts';

/**
 * The public verification page of any document version, answered by each kind, "Verify a
 * PDF" and the seal's root certificate (`sealRoot`: none when an operator's CA seals).
 */
export const verificationFeature = (
  deps: Pick<FeatureDeps, 'pdfSeal'>,
  kinds: VerifiableKind[],
  sealRoot: () => Promise<Uint8Array | undefined>,
): FeatureModule => ({
  routes: verificationRoutes(kinds, deps.pdfSeal, sealRoot),
});
