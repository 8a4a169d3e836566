import {
  type CertificateChecklist,
  type ChecklistTemplate,
  checklistTemplateOf,
  customTemplateMessages,
} from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The owner's custom checklist templates among `ids` (the checklist-templates feature answers it;
 * app.ts joins the two, ADR 0038).
 */
export type OwnChecklistTemplates = (
  db: Queryable,
  userId: string,
  ids: readonly string[],
) => Promise<ChecklistTemplate[]>;

/**
 * The checklists as they are stored: each one of a custom template carries a copy of the owner's
 * template as it is now (a copy the client sent is never kept). A template deleted since keeps the
 * copy the stored certificate has. A free user may not bring a custom template the stored
 * certificate does not already have (the premium message); another user's or an unknown template
 * is refused.
 */
export async function withTemplateSnapshots(
  db: Queryable,
  ownTemplates: OwnChecklistTemplates,
  owner: { userId: string; premium: boolean },
  checklists: readonly CertificateChecklist[],
  stored: readonly CertificateChecklist[],
): Promise<CertificateChecklist[]> {
  const customIds = [...new Set(checklists.map((checklist) => checklist.template_id))].filter(
    (id) => !checklistTemplateOf(id),
  );
  if (customIds.length === 0) return checklists.map(({ template: _ignored, ...checklist }) => checklist);
  const storedCopies = new Map(
    stored.flatMap((checklist) => (checklist.template ? [[checklist.template_id, checklist.template] as const] : [])),
  );
  if (!owner.premium && customIds.some((id) => !storedCopies.has(id))) {
    throw new AppError(403, 'premium_required', customTemplateMessages.premium);
  }
  const current = new Map(
    (await ownTemplates(db, owner.userId, customIds)).map((template) => [template.id, template] as const),
  );
  return checklists.map(({ template: _sent, ...checklist }) => {
    if (checklistTemplateOf(checklist.template_id)) return checklist;
    const template = current.get(checklist.template_id) ?? storedCopies.get(checklist.template_id);
    if (!template) {
      const message = customTemplateMessages.unknownOnCertificate;
      throw new AppError(400, 'validation_failed', message, [{ path: 'checklists', message }]);
    }
    return { ...checklist, template };
  });
}
