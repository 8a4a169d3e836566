import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { FeatureModule } from '../../platform/feature-module.ts';
import { verificationRoutes } from './verification.routes.ts';

/** The public verification page of any document version, answered by each kind (issue 21). */
export const verificationFeature = (kinds: VerifiableKind[]): FeatureModule => ({ routes: verificationRoutes(kinds) });
