import type { Feature } from '../../platform/feature-module.ts';
import { bundlesRoutes } from './bundles.routes.ts';

/** Bundles: disabled, every call says so. */
export const bundlesFeature: Feature = { name: 'bundles', build: () => ({ routes: bundlesRoutes }) };
