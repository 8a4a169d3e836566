import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

/** The company profile, its logo and the applicator's signature. */
export const profileFeature = (deps: FeatureDeps): FeatureModule => ({
  routes: profileRoutes(new ProfileService(deps.db, deps.files, deps.clock)),
});
