import type { Feature } from '../../platform/feature-module.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';

/** The admin area: users, complimentary Premium, figures. */
export const adminFeature: Feature = {
  name: 'admin',
  build: (deps) => ({ routes: adminRoutes(new AdminService(deps.db, deps.clock)) }),
};
