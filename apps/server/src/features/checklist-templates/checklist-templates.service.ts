import {
  type ChecklistItem,
  type ChecklistTemplate,
  CUSTOM_TEMPLATES_PER_BUSINESS,
  type CustomTemplate,
  type CustomTemplateDraftItem,
  checklistTemplateFromCustom,
  customTemplateMessages,
  type customTemplateRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { type ChecklistTemplateRow, checklistTemplatesRepo } from './checklist-templates.repo.ts';
import type { StoredTemplateBody } from './checklist-templates.schema.ts';

type TemplateInput = z.output<typeof customTemplateRequestSchema>;

const errors = {
  notFound: () => new AppError(404, 'not_found', customTemplateMessages.notFound),
  premium: () => new AppError(403, 'premium_required', customTemplateMessages.premium),
  limit: () => new AppError(409, 'conflict', customTemplateMessages.limit),
};

/**
 * Custom checklist templates (ADR 0038): Premium creates and edits them, at most 50 a business
 * (ADR 0077); its members read and delete them, so a business that stopped paying keeps sight of them.
 * Certificates read them through `templatesOf` (joined in app.ts).
 */
export class ChecklistTemplatesService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async list(caller: AuthenticatedCaller): Promise<{ templates: CustomTemplate[] }> {
    const rows = await checklistTemplatesRepo.list(this.db, caller.businessId);
    return { templates: rows.map(present) };
  }

  async get(caller: AuthenticatedCaller, id: string): Promise<CustomTemplate> {
    const row = await checklistTemplatesRepo.find(this.db, caller.businessId, id);
    if (!row) throw errors.notFound();
    return present(row);
  }

  async create(caller: AuthenticatedCaller, input: TemplateInput): Promise<CustomTemplate> {
    await this.assertPremium(caller);
    const row = await this.db.transaction(async (tx) => {
      await checklistTemplatesRepo.lockBusiness(tx, caller.businessId);
      if ((await checklistTemplatesRepo.count(tx, caller.businessId)) >= CUSTOM_TEMPLATES_PER_BUSINESS) {
        throw errors.limit();
      }
      return checklistTemplatesRepo.insert(tx, caller, input.name, bodyOf(input));
    });
    return present(row);
  }

  /** Replaces the template. Certificates keep the copy they were last saved with until saved again. */
  async update(caller: AuthenticatedCaller, id: string, input: TemplateInput): Promise<CustomTemplate> {
    await this.assertPremium(caller);
    const row = await checklistTemplatesRepo.update(this.db, caller.businessId, id, input.name, bodyOf(input));
    if (!row) throw errors.notFound();
    return present(row);
  }

  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    if (!(await checklistTemplatesRepo.delete(this.db, caller.businessId, id))) throw errors.notFound();
  }

  /**
   * The templates among `ids` of the business the certificate's owner `userId` belongs to, as the
   * checklist rules read them (for certificates, in their transaction).
   */
  readonly templatesOf = async (db: Queryable, userId: string, ids: readonly string[]): Promise<ChecklistTemplate[]> =>
    (await checklistTemplatesRepo.ofMembersBusiness(db, userId, ids)).map((row) =>
      checklistTemplateFromCustom(present(row)),
    );

  private async assertPremium(caller: AuthenticatedCaller) {
    if (!(await entitlements.of(this.db, caller.businessId, this.now())).premium) throw errors.premium();
  }
}

function present(row: ChecklistTemplateRow): CustomTemplate {
  return {
    id: row.id,
    name: row.name,
    standard: row.body.standard,
    summary: row.body.summary,
    uses_ncc_edition: row.body.usesNccEdition,
    stages: row.body.stages,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored body: every item with an id (one made from its label when the request left it out). */
function bodyOf(input: TemplateInput): StoredTemplateBody {
  const taken = new Set(input.stages.flatMap((stage) => stage.items.flatMap((item) => (item.id ? [item.id] : []))));
  const idFor = (item: CustomTemplateDraftItem) => {
    if (item.id) return item.id;
    const stem =
      item.label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 50) || 'item';
    let id = stem;
    for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
    taken.add(id);
    return id;
  };
  return {
    standard: input.standard,
    summary: input.summary,
    usesNccEdition: input.uses_ncc_edition,
    stages: input.stages.map((stage) => ({
      title: stage.title,
      items: stage.items.map((item): ChecklistItem => ({ ...item, id: idFor(item) })),
    })),
  };
}
