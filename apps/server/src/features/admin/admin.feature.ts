import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';

/** The admin area: users, complimentary Premium, figures. */
export const adminFeature = (deps: FeatureDeps): FeatureModule => ({
  routes: adminRoutes(new AdminService(deps.db, deps.clock)),
});
