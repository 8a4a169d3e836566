import type { Feature } from '../../platform/feature-module.ts';
import { verificationRoutes } from './verification.routes.ts';

/**
 * The public verification page of any document version, answered by each kind the document
 * features offer, "Verify a PDF" and the seal's root certificate (ADR 0041).
 */
export const verificationFeature: Feature = {
  name: 'verification',
  build: (deps, _settings, joints) => ({
    routes: verificationRoutes([...joints.verifiableKinds], deps.pdfSeal, deps.sealRoot),
  }),
};
