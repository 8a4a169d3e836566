import type { DocumentKind, SignatureMethod } from '@app/contract';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { daysAfter } from '../../platform/dates.ts';
import { signatureRequests, siteSignOnLinks } from '../../platform/documents/documents.schema.ts';
import type { DocumentVersionRef } from '../../platform/documents/signatures.ts';
import { countsAsSignature } from '../../platform/documents/signatures.ts';

export type SignatureRequestRow = typeof signatureRequests.$inferSelect;
export type SignatureRequestInsert = typeof signatureRequests.$inferInsert;
export type SiteSignOnLinkRow = typeof siteSignOnLinks.$inferSelect;

const r = signatureRequests;

/** Not signed, declined or revoked: a link that may still be used (unless it has expired). */
const isUndecided = and(isNull(r.signedAt), isNull(r.declinedAt), isNull(r.revokedAt));
/** Undecided and not expired at `now`. Signing's times come from the app clock (FeatureDeps.clock). */
const isOpenAt = (now: Date) => and(isUndecided, gt(r.expiresAt, now));

/** Sets `values` on the request while it is open at `now`: one statement, so two answers cannot both land. */
async function updateIfOpen(
  db: Queryable,
  id: string,
  values: Partial<SignatureRequestInsert>,
  now: Date,
): Promise<SignatureRequestRow | undefined> {
  const [row] = await db
    .update(r)
    .set(values)
    .where(and(eq(r.id, id), isOpenAt(now)))
    .returning();
  return row;
}

const ofVersion = (ref: DocumentVersionRef) =>
  and(eq(r.documentKind, ref.kind), eq(r.documentId, ref.documentId), eq(r.documentVersion, ref.version));

/** The business's site links of a document that are not revoked. */
const liveSiteLinksOf = (businessId: string, kind: DocumentKind, documentId: string) =>
  and(
    eq(siteSignOnLinks.businessId, businessId),
    eq(siteSignOnLinks.documentKind, kind),
    eq(siteSignOnLinks.documentId, documentId),
    isNull(siteSignOnLinks.revokedAt),
  );

/** SQL over signature requests and site sign-on links. Owner-side reads filter on the business (ADR 0077). */
export const signingRepo = {
  async insertRequests(db: Queryable, rows: SignatureRequestInsert[]): Promise<SignatureRequestRow[]> {
    return db.insert(r).values(rows).returning();
  },

  async listForDocument(db: Queryable, businessId: string, kind: DocumentKind, documentId: string) {
    return db
      .select()
      .from(r)
      .where(and(eq(r.businessId, businessId), eq(r.documentKind, kind), eq(r.documentId, documentId)))
      .orderBy(desc(r.documentVersion), asc(r.createdAt), asc(r.id));
  },

  /**
   * The business's emailed requests still waiting for an answer (open, not expired), and those declined
   * since `declinedSince`, newest sent or declined first: the first `limit`, and how many in all.
   */
  async listWaiting(db: Queryable, businessId: string, limit: number, now: Date, declinedSince: Date) {
    const waiting = and(
      eq(r.businessId, businessId),
      isNotNull(r.tokenHash),
      or(isOpenAt(now), and(isNotNull(r.declinedAt), gt(r.declinedAt, declinedSince))),
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(r)
        .where(waiting)
        .orderBy(desc(sql`coalesce(${r.declinedAt}, ${r.lastSentAt})`), desc(r.id))
        .limit(limit),
      db.select({ total: sql<number>`count(*)::int` }).from(r).where(waiting),
    ]);
    return { rows, total: count?.total ?? 0 };
  },

  async findOwned(db: Queryable, businessId: string, id: string): Promise<SignatureRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(r)
      .where(and(eq(r.id, id), eq(r.businessId, businessId)));
    return row;
  },

  async findById(db: Queryable, id: string): Promise<SignatureRequestRow | undefined> {
    const [row] = await db.select().from(r).where(eq(r.id, id));
    return row;
  },

  /** Exact match on the unique hash index: the same one index probe whether or not it exists. */
  async findByTokenHash(db: Queryable, tokenHash: string): Promise<SignatureRequestRow | undefined> {
    const [row] = await db.select().from(r).where(eq(r.tokenHash, tokenHash));
    return row;
  },

  async findSiteLinkByTokenHash(db: Queryable, tokenHash: string): Promise<SiteSignOnLinkRow | undefined> {
    const [row] = await db.select().from(siteSignOnLinks).where(eq(siteSignOnLinks.tokenHash, tokenHash));
    return row;
  },

  /** Sets `opened_at` the first time only; returns whether this call did. */
  async markOpened(db: Queryable, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(r)
      .set({ openedAt: now })
      .where(and(eq(r.id, id), isNull(r.openedAt)))
      .returning({ id: r.id });
    return rows.length > 0;
  },

  /** Notes that an expiry was recorded, once; returns whether this call did. */
  async markExpiryRecorded(db: Queryable, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(r)
      .set({ expiryRecordedAt: now })
      .where(and(eq(r.id, id), isNull(r.expiryRecordedAt), isUndecided, lte(r.expiresAt, now)))
      .returning({ id: r.id });
    return rows.length > 0;
  },

  /** Records the signature if the link is still open; undefined if it is not (any more). */
  async sign(
    db: Queryable,
    id: string,
    values: {
      signerName: string;
      signerCompany: string | null;
      signatureFileId: string;
      signatureMethod: SignatureMethod;
      fingerprintAtSign: string;
    },
    now: Date,
  ): Promise<SignatureRequestRow | undefined> {
    return updateIfOpen(db, id, { ...values, signedAt: now }, now);
  },

  async decline(db: Queryable, id: string, reason: string, now: Date): Promise<SignatureRequestRow | undefined> {
    return updateIfOpen(db, id, { declinedAt: now, declineReason: reason }, now);
  },

  async revoke(db: Queryable, businessId: string, id: string, now: Date): Promise<SignatureRequestRow | undefined> {
    const [row] = await db
      .update(r)
      .set({ revokedAt: now, revokedReason: 'owner' })
      .where(and(eq(r.id, id), eq(r.businessId, businessId), isUndecided))
      .returning();
    return row;
  },

  /** Emails the link again: a fresh expiry, and a fresh reminder and expiry record to come. */
  async markResent(db: Queryable, businessId: string, id: string, sentAt: Date, expiresAt: Date) {
    const [row] = await db
      .update(r)
      .set({ lastSentAt: sentAt, expiresAt, remindedAt: null, expiryRecordedAt: null })
      .where(and(eq(r.id, id), eq(r.businessId, businessId), isNotNull(r.tokenHash), isUndecided))
      .returning();
    return row;
  },

  /**
   * Locks the version's emailed requests (every signer's transaction queues here), so exactly one
   * signature sees the version complete.
   */
  async lockEmailedRequestsOf(db: Queryable, ref: DocumentVersionRef) {
    return db
      .select()
      .from(r)
      .where(and(ofVersion(ref), isNotNull(r.tokenHash)))
      .orderBy(asc(r.id))
      .for('update');
  },

  /** Signatures given on a version (not set aside), oldest first: the register. */
  async signedOn(db: Queryable, ref: DocumentVersionRef) {
    return db
      .select()
      .from(r)
      .where(and(ofVersion(ref), countsAsSignature()))
      .orderBy(asc(r.signedAt));
  },

  /** Locks a site link's row: concurrent sign-ons through it take their turn (its cap holds). */
  async lockSiteLink(db: Queryable, linkId: string): Promise<void> {
    await db
      .select({ id: siteSignOnLinks.id })
      .from(siteSignOnLinks)
      .where(eq(siteSignOnLinks.id, linkId))
      .for('update');
  },

  /**
   * The sign-ons through a site link on one version that stand (not set aside): a code's cap counts
   * per version, as a crew signs each version again (ADR 0066).
   */
  async countSiteSignOns(db: Queryable, linkId: string, version: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(r)
      .where(and(eq(r.siteLinkId, linkId), eq(r.documentVersion, version), countsAsSignature()));
    return row?.count ?? 0;
  },

  /** The newest version before `ref`'s that anyone signed (a signature that stands), if any. */
  async newestSignedVersionBefore(db: Queryable, ref: DocumentVersionRef): Promise<number | undefined> {
    const [row] = await db
      .select({ version: sql<number | null>`max(${r.documentVersion})` })
      .from(r)
      .where(
        and(
          eq(r.documentKind, ref.kind),
          eq(r.documentId, ref.documentId),
          lt(r.documentVersion, ref.version),
          countsAsSignature(),
        ),
      );
    return row?.version ?? undefined;
  },

  /** Sets a signed site sign-on of the business aside; undefined when there is no such sign-on to set aside. */
  async setAside(db: Queryable, businessId: string, id: string, now: Date): Promise<SignatureRequestRow | undefined> {
    const [row] = await db
      .update(r)
      .set({ setAsideAt: now })
      .where(
        and(
          eq(r.id, id),
          eq(r.businessId, businessId),
          isNull(r.tokenHash),
          isNotNull(r.signedAt),
          isNull(r.setAsideAt),
        ),
      )
      .returning();
    return row;
  },

  /** Every request on a version (for the signature certificate page). */
  async requestsOf(db: Queryable, ref: DocumentVersionRef) {
    return db.select().from(r).where(ofVersion(ref)).orderBy(asc(r.createdAt), asc(r.id));
  },

  /**
   * Claims up to `limit` open links emailed more than `days` ago and not yet reminded, marking them
   * reminded. Rows another instance is claiming are skipped, so each is reminded once.
   */
  async claimDueReminders(db: Queryable, days: number, limit: number, now: Date): Promise<SignatureRequestRow[]> {
    const due = db
      .select({ id: r.id })
      .from(r)
      .where(and(isOpenAt(now), isNotNull(r.tokenHash), isNull(r.remindedAt), lt(r.lastSentAt, daysAfter(now, -days))))
      .orderBy(asc(r.lastSentAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(r).set({ remindedAt: now }).where(sql`${r.id} in (${due})`).returning();
  },

  /** Claims up to `limit` links that expired unused and whose expiry is not recorded yet. */
  async claimNewlyExpired(db: Queryable, limit: number, now: Date): Promise<SignatureRequestRow[]> {
    const expired = db
      .select({ id: r.id })
      .from(r)
      .where(and(isUndecided, isNull(r.expiryRecordedAt), lte(r.expiresAt, now)))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(r).set({ expiryRecordedAt: now }).where(sql`${r.id} in (${expired})`).returning();
  },

  /** The business's newest site link of a document that is not revoked, whatever version it began on. */
  async activeSiteLink(db: Queryable, businessId: string, kind: DocumentKind, documentId: string) {
    const [row] = await db
      .select()
      .from(siteSignOnLinks)
      .where(liveSiteLinksOf(businessId, kind, documentId))
      .orderBy(desc(siteSignOnLinks.createdAt))
      .limit(1);
    return row;
  },

  async insertSiteLink(db: Queryable, values: typeof siteSignOnLinks.$inferInsert): Promise<SiteSignOnLinkRow> {
    const [row] = await db.insert(siteSignOnLinks).values(values).returning();
    if (!row) throw new Error('site link insert returned nothing');
    return row;
  },

  async revokeSiteLinks(
    db: Queryable,
    businessId: string,
    kind: DocumentKind,
    documentId: string,
    now: Date,
  ): Promise<void> {
    await db
      .update(siteSignOnLinks)
      .set({ revokedAt: now })
      .where(liveSiteLinksOf(businessId, kind, documentId));
  },
};
