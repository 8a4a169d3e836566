import { CERTIFICATE_DELETED_ELSEWHERE_MESSAGE, CLIENT_ID_TAKEN_MESSAGE, errorCodes } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { AppError } from '../errors.ts';
import { type RetiredKind, retiredIds } from './retired-ids.schema.ts';

/**
 * Deleted stays deleted (ADR 0032, amended): the ids of records deleted for good are kept, so a
 * create sent again with one (a phone's outbox, after another device deleted the record) is told
 * so instead of bringing the record back.
 */
export const retiredIdsRepo = {
  /**
   * Retires ids of `owner.businessId`'s records in the transaction that deletes them, `owner.userId`
   * deleting; retiring one twice is harmless.
   */
  async retire(db: Queryable, owner: RecordOwner, kind: RetiredKind, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .insert(retiredIds)
      .values(ids.map((id) => ({ id, businessId: owner.businessId, userId: owner.userId, kind })))
      .onConflictDoNothing({ target: retiredIds.id });
  },

  /**
   * Refuses a client-made id that named a record deleted since: 410 `record_deleted` to its
   * business (the outbox drops the change and says so), 409 to anyone else, saying nothing of it. Asked after
   * a create's own insert (which waited for a delete of the same row to commit, so the delete's
   * retirement is seen here), refusing rolls the insert back.
   */
  async refuseIfRetired(db: Queryable, businessId: string, id: string): Promise<void> {
    const [row] = await db.select({ businessId: retiredIds.businessId }).from(retiredIds).where(eq(retiredIds.id, id));
    if (!row) return;
    if (row.businessId !== businessId) throw new AppError(409, errorCodes.conflict, CLIENT_ID_TAKEN_MESSAGE);
    throw new AppError(410, errorCodes.recordDeleted, CERTIFICATE_DELETED_ELSEWHERE_MESSAGE);
  },
};
