import type { Feature } from '../../platform/feature-module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';
import { profileFileReferences } from './profile-files.ts';

/** The company profile, its logo and the applicator's signature. */
export const profileFeature: Feature = {
  name: 'profile',
  fileReferences: [profileFileReferences],
  build: (deps) => ({ routes: profileRoutes(new ProfileService(deps.db, deps.files, deps.clock)) }),
};
