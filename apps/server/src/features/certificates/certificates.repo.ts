import type { CertificateState } from '@app/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { files } from '../../platform/accounts/files.schema.ts';
import { monthlyCertificateCounts } from '../../platform/entitlements/entitlements.schema.ts';
import type { ListPosition } from '../../platform/http/list-cursor.ts';
import { certificates } from './certificates.schema.ts';
import { type CertificateListRow, runListStatement } from './list-statements.ts';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateInsert = typeof certificates.$inferInsert;

export type ListFilter = {
  limit: number;
  /** Exact (created_at as text, id) of the last row already seen. */
  after?: ListPosition | undefined;
  status?: CertificateState | undefined;
  search?: string | undefined;
  /** Only this member's records ("Mine"). */
  makerId?: string | undefined;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** SQL for certificates and their monthly counts. Every statement is scoped by business id (ADR 0077). */
export const certificatesRepo = {
  /** Inserts a certificate; undefined when its id (a client-made one) is already taken. */
  async insert(db: Queryable, values: CertificateInsert): Promise<CertificateRow | undefined> {
    const [row] = await db
      .insert(certificates)
      .values(values)
      .onConflictDoNothing({ target: certificates.id })
      .returning();
    return row;
  },

  /** The business's certificate, unless it was withdrawn (a withdrawn one is only a record now). */
  async findOwned(db: Queryable, businessId: string, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select()
      .from(certificates)
      .where(and(eq(certificates.id, id), eq(certificates.businessId, businessId), isNull(certificates.withdrawnAt)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /**
   * Any certificate by id, withdrawn included, without an owner check: for the share link, the
   * verification of its versions and a signer's token, which each decide what they may show.
   */
  async find(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<CertificateRow | undefined> {
    const query = db.select().from(certificates).where(eq(certificates.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async update(
    db: Queryable,
    businessId: string,
    id: string,
    values: Partial<CertificateInsert>,
  ): Promise<CertificateRow> {
    const [row] = await db
      .update(certificates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(certificates.id, id), eq(certificates.businessId, businessId)))
      .returning();
    if (!row) throw new Error(`certificate ${id} vanished during update`);
    return row;
  },

  /** Deleting is permanent (ADR 0010): the row goes; its photos' claims are released by the foreign key. */
  async delete(db: Queryable, businessId: string, id: string): Promise<void> {
    await db.delete(certificates).where(and(eq(certificates.id, id), eq(certificates.businessId, businessId)));
  },

  /**
   * One page of the list, newest first, keyset-paginated on (created_at, id): as fast on page 500 as
   * on page 1. Only the columns a summary shows are read (not photos, materials or the applicator
   * block), through a named statement per filter combination (list-statements.ts): the list is the
   * hottest read. It runs on the pool, never inside a transaction.
   */
  list(db: Database, businessId: string, filter: ListFilter): Promise<CertificateListRow[]> {
    return runListStatement(db.$client, {
      businessId,
      limit: filter.limit,
      status: filter.status,
      pattern: filter.search === undefined ? undefined : `%${escapeLike(filter.search)}%`,
      makerId: filter.makerId,
      after: filter.after,
    });
  },

  /** The newest certificates with their photos, for the gallery. */
  async listWithPhotos(db: Queryable, businessId: string, limit: number) {
    return db
      .select({
        id: certificates.id,
        jobSiteAddress: certificates.jobSiteAddress,
        certificateNumber: certificates.certificateNumber,
        photos: certificates.photos,
      })
      .from(certificates)
      .where(and(eq(certificates.businessId, businessId), isNull(certificates.withdrawnAt)))
      .orderBy(desc(certificates.createdAt), desc(certificates.id))
      .limit(limit);
  },

  /**
   * Adds one completed certificate to the business's month, atomically. With a limit, the upsert
   * only increments below it, so concurrent requests (of any of its members: the row lock queues
   * them) cannot overshoot: returns false at the limit.
   */
  async incrementMonthlyCount(
    db: Queryable,
    businessId: string,
    month: string,
    limit: number | null,
  ): Promise<boolean> {
    const guard = limit === null ? sql`` : sql`where ${monthlyCertificateCounts.count} < ${limit}`;
    const result = await db.execute(sql`
      insert into ${monthlyCertificateCounts} (business_id, month, count) values (${businessId}, ${month}, 1)
      on conflict (business_id, month) do update
        set count = ${monthlyCertificateCounts.count} + 1, updated_at = now()
        ${guard}
      returning count`);
    return result.rows.length > 0;
  },

  /** PRODUCT.md, States: subtracts one, never below zero. */
  async decrementMonthlyCount(db: Queryable, businessId: string, month: string): Promise<void> {
    await db
      .update(monthlyCertificateCounts)
      .set({ count: sql`greatest(${monthlyCertificateCounts.count} - 1, 0)`, updatedAt: sql`now()` })
      .where(and(eq(monthlyCertificateCounts.businessId, businessId), eq(monthlyCertificateCounts.month, month)));
  },

  async monthlyCount(db: Queryable, businessId: string, month: string): Promise<number> {
    const [row] = await db
      .select({ count: monthlyCertificateCounts.count })
      .from(monthlyCertificateCounts)
      .where(and(eq(monthlyCertificateCounts.businessId, businessId), eq(monthlyCertificateCounts.month, month)));
    return row?.count ?? 0;
  },

  /**
   * Makes `fileIds` (the business's photo uploads) the certificate's photos: claims them and releases
   * any it had before. The file rows are locked in id order first, so concurrent claims on one photo
   * queue up without deadlocking and the later one sees the earlier one's claim. Nothing is claimed
   * when a photo is missing or on another certificate; the caller's transaction then rolls back.
   */
  async claimPhotos(db: Queryable, businessId: string, certificateId: string, fileIds: string[]) {
    const ids = sql.join(
      fileIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const locked =
      fileIds.length === 0
        ? []
        : await db
            .select({ id: files.id, certificateId: files.certificateId })
            .from(files)
            .where(and(eq(files.businessId, businessId), eq(files.purpose, 'photo'), sql`${files.id} in (${ids})`))
            .orderBy(files.id)
            .for('update');
    const found = new Set(locked.map((row) => row.id));
    const missing = fileIds.filter((id) => !found.has(id));
    const taken = locked.filter((row) => row.certificateId !== null && row.certificateId !== certificateId);
    if (missing.length > 0 || taken.length > 0) return { missing, taken: taken.map((row) => row.id) };
    await db
      .update(files)
      .set({ certificateId: null })
      .where(
        and(
          eq(files.certificateId, certificateId),
          fileIds.length === 0 ? undefined : sql`${files.id} not in (${ids})`,
        ),
      );
    if (fileIds.length > 0) {
      await db.update(files).set({ certificateId }).where(sql`${files.id} in (${ids})`);
    }
    return { missing, taken: [] };
  },
};
