import type { KernelHeadTableKind } from '@app/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { profiles } from '../accounts/business.schema.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { keysetPage, type ListPosition } from '../http/list-cursor.ts';
import { documentVersions, kernelDocuments, signatureRequests } from './documents.schema.ts';
import { signedOn } from './signatures.ts';

export type KernelDocumentRow = typeof kernelDocuments.$inferSelect;
export type KernelVersionRow = typeof documentVersions.$inferSelect;
type Body = Record<string, unknown>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Whether the document's current version has a signature, as a column of a list query. */
const currentSigned = (kind: KernelHeadTableKind) =>
  sql<boolean>`exists (select 1 from ${signatureRequests} where ${signedOn(kind, kernelDocuments.id, kernelDocuments.currentVersion)})`;

/** Joins a document to its current version's row. */
const isCurrentVersion = and(
  eq(documentVersions.documentId, kernelDocuments.id),
  eq(documentVersions.version, kernelDocuments.currentVersion),
);

/** A document the owner has not withdrawn (withdrawn ones leave every owner-side read). */
const notWithdrawn = isNull(kernelDocuments.withdrawnAt);

/** The business's documents of one kind that are still its to see: every owner-side read starts here (ADR 0077). */
const liveInBusiness = (businessId: string, kind: KernelHeadTableKind) =>
  and(eq(kernelDocuments.businessId, businessId), eq(kernelDocuments.kind, kind), notWithdrawn);

/**
 * The maker's name as lists show it, by primary key: their printed name, else their address; no row
 * once their account is gone (the document's user_id was set null).
 */
const makerNameOf = (db: Queryable) =>
  db
    .select({ name: sql<string>`coalesce(nullif(${profiles.applicatorName}, ''), ${users.email})`.as('maker_name') })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, kernelDocuments.userId))
    .as('maker');

export type ListFilter = {
  limit: number;
  /** Where the previous page ended (its cursor). */
  after?: ListPosition | undefined;
  search?: string | undefined;
  status?: 'draft' | 'ready' | 'signed' | undefined;
  templates?: boolean | undefined;
  /** Only this member's documents ("Mine"). */
  makerId?: string | undefined;
};

/** SQL for the kernel's documents (SWMS, cover sheets) and their versions. Owner-side statements are scoped by business id. */
export const kernelDocumentsRepo = {
  async insert(
    db: Queryable,
    values: {
      businessId: string;
      userId: string;
      kind: KernelHeadTableKind;
      number: string;
      isTemplate: boolean;
      ready: boolean;
    },
    version: { body: Body; fingerprint: string },
  ): Promise<KernelDocumentRow> {
    const [row] = await db.insert(kernelDocuments).values(values).returning();
    if (!row) throw new Error('kernel document insert returned nothing');
    await db.insert(documentVersions).values({
      documentId: row.id,
      version: 1,
      kind: row.kind,
      businessId: row.businessId,
      userId: row.userId,
      ...version,
    });
    return row;
  },

  async findOwned(
    db: Queryable,
    businessId: string,
    kind: KernelHeadTableKind,
    id: string,
    options: { lock?: boolean } = {},
  ) {
    const query = db
      .select()
      .from(kernelDocuments)
      .where(and(eq(kernelDocuments.id, id), liveInBusiness(businessId, kind)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /** Without an owner check: for a signer holding a token, and the public verification page. */
  async find(db: Queryable, kind: KernelHeadTableKind, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select()
      .from(kernelDocuments)
      .where(and(eq(kernelDocuments.id, id), eq(kernelDocuments.kind, kind)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async version(db: Queryable, documentId: string, version: number): Promise<KernelVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
    return row;
  },

  /** The version history, oldest first, with how many signed each version. */
  async history(db: Queryable, kind: KernelHeadTableKind, documentId: string) {
    return db
      .select({
        version: documentVersions.version,
        fingerprint: documentVersions.fingerprint,
        createdAt: documentVersions.createdAt,
        updatedAt: documentVersions.updatedAt,
        signatureCount:
          sql<number>`(select count(*) from ${signatureRequests} where ${signedOn(kind, documentVersions.documentId, documentVersions.version)})`.mapWith(
            Number,
          ),
      })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId))
      .orderBy(asc(documentVersions.version));
  },

  async rewriteVersion(
    db: Queryable,
    documentId: string,
    version: number,
    values: { body: Body; fingerprint: string },
  ) {
    await db
      .update(documentVersions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  },

  async insertVersion(
    db: Queryable,
    document: Pick<KernelDocumentRow, 'id' | 'kind' | 'businessId' | 'userId'>,
    version: number,
    values: { body: Body; fingerprint: string },
  ) {
    await db.insert(documentVersions).values({
      documentId: document.id,
      kind: document.kind,
      businessId: document.businessId,
      userId: document.userId,
      version,
      ...values,
    });
  },

  /** Removes a draft version nobody was given (the owner discards it, ADR 0066). */
  async deleteVersion(db: Queryable, documentId: string, version: number) {
    await db
      .delete(documentVersions)
      .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  },

  async update(
    db: Queryable,
    id: string,
    values: Partial<Pick<KernelDocumentRow, 'currentVersion' | 'revision' | 'ready' | 'isTemplate'>>,
  ): Promise<KernelDocumentRow> {
    const [row] = await db
      .update(kernelDocuments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(kernelDocuments.id, id))
      .returning();
    if (!row) throw new Error(`kernel document ${id} vanished during update`);
    return row;
  },

  /** Deletes the document and its versions (nobody signed any: a signed one is withdrawn instead). */
  async delete(db: Queryable, owner: RecordOwner, id: string): Promise<void> {
    await db
      .delete(documentVersions)
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.businessId, owner.businessId)));
    await db
      .delete(kernelDocuments)
      .where(and(eq(kernelDocuments.id, id), eq(kernelDocuments.businessId, owner.businessId)));
  },

  /** Withdraws a signed document: it leaves the business's lists; its versions and signatures stay. */
  async withdraw(db: Queryable, owner: RecordOwner, id: string): Promise<void> {
    await db
      .update(kernelDocuments)
      .set({ withdrawnAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(kernelDocuments.id, id), eq(kernelDocuments.businessId, owner.businessId)));
  },

  /**
   * One business's documents of one kind with their current version's body, newest first, after
   * `filter.after`; one row more than `filter.limit`, so the caller knows whether more follow.
   * Search looks at the number and at `searchFields` of the body (e.g. title and location).
   */
  async list(db: Queryable, businessId: string, kind: KernelHeadTableKind, filter: ListFilter, searchFields: string[]) {
    const signed = currentSigned(kind);
    const makerName = makerNameOf(db);
    const conditions = [liveInBusiness(businessId, kind)];
    const after = keysetPage.after(kernelDocuments.createdAt, kernelDocuments.id, filter.after);
    if (after) conditions.push(after);
    if (filter.templates !== undefined) conditions.push(eq(kernelDocuments.isTemplate, filter.templates));
    if (filter.makerId !== undefined) conditions.push(eq(kernelDocuments.userId, filter.makerId));
    if (filter.status === 'signed') conditions.push(sql`${signed}`);
    if (filter.status === 'ready')
      conditions.push(and(sql`not ${signed}`, eq(kernelDocuments.ready, true)) ?? sql`true`);
    if (filter.status === 'draft')
      conditions.push(and(sql`not ${signed}`, eq(kernelDocuments.ready, false)) ?? sql`true`);
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      const matches = [
        ilike(kernelDocuments.number, pattern),
        ...searchFields.map((field) => sql`${documentVersions.body} #>> ${`{${field}}`} ilike ${pattern}`),
      ];
      conditions.push(or(...matches) ?? sql`true`);
    }
    return db
      .select({
        document: kernelDocuments,
        body: documentVersions.body,
        signed,
        position: keysetPage.position(kernelDocuments.createdAt),
        makerName: makerName.name,
      })
      .from(kernelDocuments)
      .innerJoin(documentVersions, isCurrentVersion)
      .leftJoinLateral(makerName, sql`true`)
      .where(and(...conditions))
      .orderBy(desc(kernelDocuments.createdAt), desc(kernelDocuments.id))
      .limit(filter.limit + 1);
  },

  /** Some of a business's documents of one kind with their current version's body (unknown ids are left out). */
  async currentOfMany(db: Queryable, businessId: string, kind: KernelHeadTableKind, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ document: kernelDocuments, body: documentVersions.body })
      .from(kernelDocuments)
      .innerJoin(documentVersions, isCurrentVersion)
      .where(and(liveInBusiness(businessId, kind), inArray(kernelDocuments.id, ids)));
  },

  /** The business's newest document of `kind` whose current version's `field` (an array of ids) lists `id`. */
  async newestListing(db: Queryable, businessId: string, kind: KernelHeadTableKind, field: string, id: string) {
    const [row] = await db
      .select({ document: kernelDocuments, version: documentVersions })
      .from(kernelDocuments)
      .innerJoin(documentVersions, isCurrentVersion)
      .where(and(liveInBusiness(businessId, kind), sql`${documentVersions.body} -> ${field} ? ${id}`))
      .orderBy(desc(kernelDocuments.updatedAt))
      .limit(1);
    return row;
  },
};
