import type { Feature } from '../../platform/feature-module.ts';
import { checklistTemplatesRoutes } from './checklist-templates.routes.ts';
import { ChecklistTemplatesService } from './checklist-templates.service.ts';

/** Custom checklist templates (Premium); certificates read them through the joint `ownChecklistTemplates` (ADR 0038). */
export const checklistTemplatesFeature: Feature = {
  name: 'checklist-templates',
  build: (deps) => {
    const service = new ChecklistTemplatesService(deps.db, deps.clock);
    return { routes: checklistTemplatesRoutes(service), offers: { ownChecklistTemplates: service.templatesOf } };
  },
};
