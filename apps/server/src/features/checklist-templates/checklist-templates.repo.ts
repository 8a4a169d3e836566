import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../../platform/accounts/business.schema.ts';
import { checklistTemplates, type StoredTemplateBody } from './checklist-templates.schema.ts';

export type ChecklistTemplateRow = typeof checklistTemplates.$inferSelect;

/** SQL of checklist_templates; every statement is filtered by the business that owns them (ADR 0077). */
export const checklistTemplatesRepo = {
  list(db: Queryable, businessId: string): Promise<ChecklistTemplateRow[]> {
    return db
      .select()
      .from(checklistTemplates)
      .where(eq(checklistTemplates.businessId, businessId))
      .orderBy(asc(sql`lower(${checklistTemplates.name})`), asc(checklistTemplates.createdAt));
  },

  /** The business's templates among `ids` (uuids). */
  ownedMany(db: Queryable, businessId: string, ids: readonly string[]): Promise<ChecklistTemplateRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.businessId, businessId), inArray(checklistTemplates.id, [...ids])));
  },

  /** The templates among `ids` of the business the account `userId` belongs to, in one statement. */
  ofMembersBusiness(db: Queryable, userId: string, ids: readonly string[]): Promise<ChecklistTemplateRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const business = db
      .select({ businessId: memberships.businessId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    return db
      .select()
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.businessId, business), inArray(checklistTemplates.id, [...ids])));
  },

  async find(db: Queryable, businessId: string, id: string): Promise<ChecklistTemplateRow | undefined> {
    const [row] = await checklistTemplatesRepo.ownedMany(db, businessId, [id]);
    return row;
  },

  /** Holds the business's templates until the transaction ends, so two creates cannot both pass the limit. */
  async lockBusiness(tx: Queryable, businessId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checklist-templates:${businessId}`}, 0))`);
  },

  async count(db: Queryable, businessId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(checklistTemplates)
      .where(eq(checklistTemplates.businessId, businessId));
    return row?.count ?? 0;
  },

  async insert(
    db: Queryable,
    maker: { businessId: string; userId: string },
    name: string,
    body: StoredTemplateBody,
  ): Promise<ChecklistTemplateRow> {
    const [row] = await db
      .insert(checklistTemplates)
      .values({ businessId: maker.businessId, userId: maker.userId, name, body })
      .returning();
    if (!row) throw new Error('checklist template insert returned nothing');
    return row;
  },

  async update(
    db: Queryable,
    businessId: string,
    id: string,
    name: string,
    body: StoredTemplateBody,
  ): Promise<ChecklistTemplateRow | undefined> {
    const [row] = await db
      .update(checklistTemplates)
      .set({ name, body, updatedAt: sql`now()` })
      .where(and(eq(checklistTemplates.businessId, businessId), eq(checklistTemplates.id, id)))
      .returning();
    return row;
  },

  async delete(db: Queryable, businessId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(checklistTemplates)
      .where(and(eq(checklistTemplates.businessId, businessId), eq(checklistTemplates.id, id)))
      .returning({ id: checklistTemplates.id });
    return deleted.length > 0;
  },
};
