import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { healthRoutes } from './health.routes.ts';

/** GET /api/health (the server and its database), /api/health/live and /api/health/ready (ADR 0046). */
export const healthFeature = (deps: Pick<FeatureDeps, 'jobs'>): FeatureModule => ({
  routes: healthRoutes({ queueRunning: () => deps.jobs.isRunning() }),
});
