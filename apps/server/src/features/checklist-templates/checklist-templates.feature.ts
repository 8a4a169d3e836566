import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { checklistTemplatesRoutes } from './checklist-templates.routes.ts';
import { ChecklistTemplatesService } from './checklist-templates.service.ts';

/**
 * Custom checklist templates (Premium); certificates read them through `templatesOf`, which app.ts
 * hands to the certificates feature (ADR 0038).
 */
export function checklistTemplatesFeature(deps: FeatureDeps): FeatureModule & {
  templatesOf: ChecklistTemplatesService['templatesOf'];
} {
  const service = new ChecklistTemplatesService(deps.db, deps.clock);
  return { routes: checklistTemplatesRoutes(service), templatesOf: service.templatesOf };
}
