import { desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { keysetPage, type ListPosition } from '../../platform/http/list-cursor.ts';
import { contactMessages } from './contact.schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Pick<ContactMessageRow, 'name' | 'email' | 'company' | 'message' | 'ip'>;

/** SQL of contact_messages. */
export const contactRepo = {
  async insert(db: Queryable, message: NewContactMessage): Promise<string> {
    const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message insert returned nothing');
    return row.id;
  },

  async find(db: Queryable, id: string): Promise<ContactMessageRow | undefined> {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  },

  async markMailed(db: Queryable, id: string): Promise<void> {
    await db.update(contactMessages).set({ mailedAt: sql`now()` }).where(eq(contactMessages.id, id));
  },

  /** A page of messages, newest first, after `after`; one row more than asked, so the caller knows whether more follow. */
  page(
    db: Queryable,
    { after, limit }: { after: ListPosition | undefined; limit: number },
  ): Promise<Array<ContactMessageRow & { position: string }>> {
    return db
      .select({ ...getTableColumns(contactMessages), position: keysetPage.position(contactMessages.createdAt) })
      .from(contactMessages)
      .where(keysetPage.after(contactMessages.createdAt, contactMessages.id, after))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit + 1);
  },

  /** Marks the message handled by `adminId`; the first mark stands. Undefined when there is no such message. */
  async markHandled(db: Queryable, id: string, adminId: string): Promise<ContactMessageRow | undefined> {
    await db
      .update(contactMessages)
      .set({ handledAt: sql`now()`, handledBy: adminId })
      .where(sql`${contactMessages.id} = ${id} and ${isNull(contactMessages.handledAt)}`);
    return contactRepo.find(db, id);
  },
};
