import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  profiles,
  type SafetyDocumentKind,
  safetyDocuments,
  safetyDocumentVersions,
  signatureRequests,
} from '../../db/schema.ts';
import { countsAsSignature } from '../../platform/documents/signatures.ts';

export type SafetyDocumentRow = typeof safetyDocuments.$inferSelect;
export type SafetyVersionRow = typeof safetyDocumentVersions.$inferSelect;
type Body = Record<string, unknown>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Signatures given on a document's version (the signing feature writes them; ADR 0015). */
const signedOn = (kind: SafetyDocumentKind, documentId: unknown, version: unknown) =>
  and(
    eq(signatureRequests.documentKind, kind),
    sql`${signatureRequests.documentId} = ${documentId}`,
    sql`${signatureRequests.documentVersion} = ${version}`,
    countsAsSignature(),
  );

/** Whether the document's current version has a signature, as a column of a list query. */
const currentSigned = (kind: SafetyDocumentKind) =>
  sql<boolean>`exists (select 1 from ${signatureRequests} where ${signedOn(kind, safetyDocuments.id, safetyDocuments.currentVersion)})`;

export type ListFilter = {
  limit: number;
  search?: string | undefined;
  status?: 'draft' | 'ready' | 'signed' | undefined;
  templates?: boolean | undefined;
};

/** SQL for SWMS and cover sheets and their versions. Owner-side statements are scoped by user id. */
export const safetyDocumentsRepo = {
  async insert(
    db: Queryable,
    values: { userId: string; kind: SafetyDocumentKind; number: string; isTemplate: boolean; ready: boolean },
    version: { body: Body; fingerprint: string },
  ): Promise<SafetyDocumentRow> {
    const [row] = await db.insert(safetyDocuments).values(values).returning();
    if (!row) throw new Error('safety document insert returned nothing');
    await db.insert(safetyDocumentVersions).values({ documentId: row.id, version: 1, ...version });
    return row;
  },

  async findOwned(
    db: Queryable,
    userId: string,
    kind: SafetyDocumentKind,
    id: string,
    options: { lock?: boolean } = {},
  ) {
    const query = db
      .select()
      .from(safetyDocuments)
      .where(and(eq(safetyDocuments.id, id), eq(safetyDocuments.userId, userId), eq(safetyDocuments.kind, kind)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /** Without an owner check: for a signer holding a token, and the public verification page. */
  async find(db: Queryable, kind: SafetyDocumentKind, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select()
      .from(safetyDocuments)
      .where(and(eq(safetyDocuments.id, id), eq(safetyDocuments.kind, kind)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async version(db: Queryable, documentId: string, version: number): Promise<SafetyVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(safetyDocumentVersions)
      .where(and(eq(safetyDocumentVersions.documentId, documentId), eq(safetyDocumentVersions.version, version)));
    return row;
  },

  /** The version history, oldest first, with how many signed each version. */
  async history(db: Queryable, kind: SafetyDocumentKind, documentId: string) {
    return db
      .select({
        version: safetyDocumentVersions.version,
        fingerprint: safetyDocumentVersions.fingerprint,
        createdAt: safetyDocumentVersions.createdAt,
        updatedAt: safetyDocumentVersions.updatedAt,
        signatureCount:
          sql<number>`(select count(*) from ${signatureRequests} where ${signedOn(kind, safetyDocumentVersions.documentId, safetyDocumentVersions.version)})`.mapWith(
            Number,
          ),
      })
      .from(safetyDocumentVersions)
      .where(eq(safetyDocumentVersions.documentId, documentId))
      .orderBy(asc(safetyDocumentVersions.version));
  },

  async rewriteVersion(
    db: Queryable,
    documentId: string,
    version: number,
    values: { body: Body; fingerprint: string },
  ) {
    await db
      .update(safetyDocumentVersions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(safetyDocumentVersions.documentId, documentId), eq(safetyDocumentVersions.version, version)));
  },

  async insertVersion(db: Queryable, documentId: string, version: number, values: { body: Body; fingerprint: string }) {
    await db.insert(safetyDocumentVersions).values({ documentId, version, ...values });
  },

  async update(
    db: Queryable,
    id: string,
    values: Partial<Pick<SafetyDocumentRow, 'currentVersion' | 'revision' | 'ready' | 'isTemplate'>>,
  ): Promise<SafetyDocumentRow> {
    const [row] = await db
      .update(safetyDocuments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(safetyDocuments.id, id))
      .returning();
    if (!row) throw new Error(`safety document ${id} vanished during update`);
    return row;
  },

  async delete(db: Queryable, userId: string, id: string): Promise<void> {
    await db.delete(safetyDocuments).where(and(eq(safetyDocuments.id, id), eq(safetyDocuments.userId, userId)));
  },

  async anyVersionSigned(db: Queryable, kind: SafetyDocumentKind, documentId: string): Promise<boolean> {
    const rows = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.documentKind, kind),
          eq(signatureRequests.documentId, documentId),
          countsAsSignature(),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** Who signed one version, in signing order. */
  async signatures(db: Queryable, kind: SafetyDocumentKind, documentId: string, version: number) {
    return db
      .select({
        signerName: signatureRequests.signerName,
        signerCompany: signatureRequests.signerCompany,
        signedAt: signatureRequests.signedAt,
      })
      .from(signatureRequests)
      .where(signedOn(kind, documentId, version))
      .orderBy(asc(signatureRequests.signedAt));
  },

  /**
   * One user's documents of one kind with their current version's body, newest first. Search looks
   * at the number and at `searchFields` of the body (e.g. title and location).
   */
  async list(db: Queryable, userId: string, kind: SafetyDocumentKind, filter: ListFilter, searchFields: string[]) {
    const signed = currentSigned(kind);
    const conditions = [eq(safetyDocuments.userId, userId), eq(safetyDocuments.kind, kind)];
    if (filter.templates !== undefined) conditions.push(eq(safetyDocuments.isTemplate, filter.templates));
    if (filter.status === 'signed') conditions.push(sql`${signed}`);
    if (filter.status === 'ready')
      conditions.push(and(sql`not ${signed}`, eq(safetyDocuments.ready, true)) ?? sql`true`);
    if (filter.status === 'draft')
      conditions.push(and(sql`not ${signed}`, eq(safetyDocuments.ready, false)) ?? sql`true`);
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      const matches = [
        ilike(safetyDocuments.number, pattern),
        ...searchFields.map((field) => sql`${safetyDocumentVersions.body} #>> ${`{${field}}`} ilike ${pattern}`),
      ];
      conditions.push(or(...matches) ?? sql`true`);
    }
    return db
      .select({ document: safetyDocuments, body: safetyDocumentVersions.body, signed })
      .from(safetyDocuments)
      .innerJoin(
        safetyDocumentVersions,
        and(
          eq(safetyDocumentVersions.documentId, safetyDocuments.id),
          eq(safetyDocumentVersions.version, safetyDocuments.currentVersion),
        ),
      )
      .where(and(...conditions))
      .orderBy(desc(safetyDocuments.createdAt), desc(safetyDocuments.id))
      .limit(filter.limit);
  },

  /** Some of a user's documents of one kind with their current version's body (unknown ids are left out). */
  async currentOfMany(db: Queryable, userId: string, kind: SafetyDocumentKind, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ document: safetyDocuments, body: safetyDocumentVersions.body })
      .from(safetyDocuments)
      .innerJoin(
        safetyDocumentVersions,
        and(
          eq(safetyDocumentVersions.documentId, safetyDocuments.id),
          eq(safetyDocumentVersions.version, safetyDocuments.currentVersion),
        ),
      )
      .where(and(eq(safetyDocuments.userId, userId), eq(safetyDocuments.kind, kind), inArray(safetyDocuments.id, ids)));
  },

  /** The newest cover sheet of the owner whose current version lists this SWMS. */
  async coverSheetFor(db: Queryable, userId: string, swmsId: string) {
    const [row] = await db
      .select({ document: safetyDocuments, version: safetyDocumentVersions })
      .from(safetyDocuments)
      .innerJoin(
        safetyDocumentVersions,
        and(
          eq(safetyDocumentVersions.documentId, safetyDocuments.id),
          eq(safetyDocumentVersions.version, safetyDocuments.currentVersion),
        ),
      )
      .where(
        and(
          eq(safetyDocuments.userId, userId),
          eq(safetyDocuments.kind, 'cover_sheet'),
          sql`${safetyDocumentVersions.body} -> 'swms_ids' ? ${swmsId}`,
        ),
      )
      .orderBy(desc(safetyDocuments.updatedAt))
      .limit(1);
    return row;
  },

  /** The business details of a profile: what a cover sheet starts from and a PDF's letterhead shows. */
  async business(db: Queryable, userId: string) {
    const [row] = await db
      .select({
        name: profiles.companyName,
        abn: profiles.companyAbn,
        address: profiles.companyAddress,
        phone: profiles.companyPhone,
        email: profiles.companyEmail,
        logoFileId: profiles.logoFileId,
        timeZone: profiles.timeZone,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return row;
  },
};
