import type { Feature } from '../../platform/feature-module.ts';
import { healthRoutes } from './health.routes.ts';

/** GET /api/health (the server and its database), /api/health/live and /api/health/ready (ADR 0046). */
export const healthFeature: Feature = {
  name: 'health',
  build: (deps) => ({ routes: healthRoutes({ queueRunning: () => deps.jobs.isRunning() }) }),
};
