import type { FeatureModule } from '../../platform/feature-module.ts';
import { bundlesRoutes } from './bundles.routes.ts';

/** Bundles: disabled, every call says so. */
export const bundlesFeature = (): FeatureModule => ({ routes: bundlesRoutes });
