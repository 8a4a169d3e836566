import { CERTIFICATE_DELETED_ELSEWHERE_MESSAGE, CLIENT_ID_TAKEN_MESSAGE, errorCodes } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { type RetiredKind, retiredIds } from './retired-ids.schema.ts';

/**
 * Deleted stays deleted (ADR 0032, amended): the ids of records deleted for good are kept, so a
 * create sent again with one (a phone's outbox, after another device deleted the record) is told
 * so instead of bringing the record back.
 */
export const retiredIdsRepo = {
  /** Retires ids in the transaction that deletes their records; retiring one twice is harmless. */
  async retire(db: Queryable, userId: string, kind: RetiredKind, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .insert(retiredIds)
      .values(ids.map((id) => ({ id, userId, kind })))
      .onConflictDoNothing({ target: retiredIds.id });
  },

  /**
   * Refuses a client-made id that named a record deleted since: 410 `record_deleted` to its owner
   * (the outbox drops the change and says so), 409 to anyone else, saying nothing of it. Asked after
   * a create's own insert (which waited for a delete of the same row to commit, so the delete's
   * retirement is seen here), refusing rolls the insert back.
   */
  async refuseIfRetired(db: Queryable, userId: string, id: string): Promise<void> {
    const [row] = await db.select({ userId: retiredIds.userId }).from(retiredIds).where(eq(retiredIds.id, id));
    if (!row) return;
    if (row.userId !== userId) throw new AppError(409, errorCodes.conflict, CLIENT_ID_TAKEN_MESSAGE);
    throw new AppError(410, errorCodes.recordDeleted, CERTIFICATE_DELETED_ELSEWHERE_MESSAGE);
  },
};
