import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { checklistTemplates, type StoredTemplateBody } from './checklist-templates.schema.ts';

export type ChecklistTemplateRow = typeof checklistTemplates.$inferSelect;

/** SQL of checklist_templates; every statement is filtered by its owner. */
export const checklistTemplatesRepo = {
  list(db: Queryable, userId: string): Promise<ChecklistTemplateRow[]> {
    return db
      .select()
      .from(checklistTemplates)
      .where(eq(checklistTemplates.userId, userId))
      .orderBy(asc(sql`lower(${checklistTemplates.name})`), asc(checklistTemplates.createdAt));
  },

  /** The owner's templates among `ids` (uuids). */
  ownedMany(db: Queryable, userId: string, ids: readonly string[]): Promise<ChecklistTemplateRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.userId, userId), inArray(checklistTemplates.id, [...ids])));
  },

  async find(db: Queryable, userId: string, id: string): Promise<ChecklistTemplateRow | undefined> {
    const [row] = await checklistTemplatesRepo.ownedMany(db, userId, [id]);
    return row;
  },

  /** Holds the owner's templates until the transaction ends, so two creates cannot both pass the limit. */
  async lockOwner(tx: Queryable, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checklist-templates:${userId}`}, 0))`);
  },

  async count(db: Queryable, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(checklistTemplates)
      .where(eq(checklistTemplates.userId, userId));
    return row?.count ?? 0;
  },

  async insert(db: Queryable, userId: string, name: string, body: StoredTemplateBody): Promise<ChecklistTemplateRow> {
    const [row] = await db.insert(checklistTemplates).values({ userId, name, body }).returning();
    if (!row) throw new Error('checklist template insert returned nothing');
    return row;
  },

  async update(
    db: Queryable,
    userId: string,
    id: string,
    name: string,
    body: StoredTemplateBody,
  ): Promise<ChecklistTemplateRow | undefined> {
    const [row] = await db
      .update(checklistTemplates)
      .set({ name, body, updatedAt: sql`now()` })
      .where(and(eq(checklistTemplates.userId, userId), eq(checklistTemplates.id, id)))
      .returning();
    return row;
  },

  async delete(db: Queryable, userId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(checklistTemplates)
      .where(and(eq(checklistTemplates.userId, userId), eq(checklistTemplates.id, id)))
      .returning({ id: checklistTemplates.id });
    return deleted.length > 0;
  },
};
