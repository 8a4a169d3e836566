import type { DocumentKind } from '@app/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { documentSends } from '../../platform/documents/documents.schema.ts';

export type DocumentSendRow = typeof documentSends.$inferSelect;
export type DocumentSendInsert = typeof documentSends.$inferInsert;

const s = documentSends;

/** SQL over sent documents (ADR 0042). Owner-side reads filter on the business (ADR 0077). */
export const documentSendsRepo = {
  async insert(db: Queryable, values: DocumentSendInsert): Promise<DocumentSendRow> {
    const [row] = await db.insert(s).values(values).returning();
    if (!row) throw new Error('document send insert returned nothing');
    return row;
  },

  async listForDocument(db: Queryable, businessId: string, kind: DocumentKind, documentId: string, limit: number) {
    return db
      .select()
      .from(s)
      .where(and(eq(s.businessId, businessId), eq(s.documentKind, kind), eq(s.documentId, documentId)))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(limit);
  },

  async findById(db: Queryable, id: string): Promise<DocumentSendRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.id, id));
    return row;
  },

  /** Exact match on the unique hash index. */
  async findByTokenHash(db: Queryable, tokenHash: string): Promise<DocumentSendRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.tokenHash, tokenHash));
    return row;
  },

  /** Sets `opened_at` the first time only; later opens change nothing. */
  async markOpened(db: Queryable, id: string, now: Date): Promise<void> {
    await db
      .update(s)
      .set({ openedAt: now })
      .where(and(eq(s.id, id), isNull(s.openedAt)));
  },

  async markMailed(db: Queryable, id: string, attached: boolean): Promise<void> {
    await db.update(s).set({ attached }).where(eq(s.id, id));
  },
};
