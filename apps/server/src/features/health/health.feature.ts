import type { FeatureModule } from '../../platform/feature-module.ts';
import { healthRoutes } from './health.routes.ts';

/** GET /api/health: the server and its database. */
export const healthFeature = (): FeatureModule => ({ routes: healthRoutes });
