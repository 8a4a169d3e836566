import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { businesses, profiles } from '../../platform/accounts/business.schema.ts';

/** The caller's part of their business's records: whose profile, in which business (ADR 0078). */
type Member = { userId: string; businessId: string };

const { id: _businessId, createdAt: _businessCreatedAt, ...companyColumns } = getTableColumns(businesses);
type CompanyColumn = keyof typeof companyColumns;
type PersonColumn = 'applicatorName' | 'onboardingCompleted' | 'signatureFileId';

/** The person's profile and their business's company profile, as the profile API shows them as one. */
export type ProfileRow = typeof profiles.$inferSelect & Pick<typeof businesses.$inferSelect, CompanyColumn>;
/** Columns a user may change; undefined means "leave as is". */
export type ProfileValues = Partial<Pick<ProfileRow, CompanyColumn | PersonColumn>>;

export const isCompanyColumn = (column: string): column is CompanyColumn => column in companyColumns;

/**
 * SQL for profiles and the company columns of businesses (their tier comes from
 * platform/entitlements). Always by the caller's id and the caller's business.
 */
export const profileRepo = {
  async findProfile(db: Queryable, member: Member): Promise<ProfileRow | undefined> {
    const [row] = await db
      .select({ ...getTableColumns(profiles), ...companyColumns })
      .from(profiles)
      .innerJoin(businesses, eq(businesses.id, member.businessId))
      .where(eq(profiles.id, member.userId));
    return row;
  },

  /** Inserts the default profile if none exists (concurrent first loads are safe) and returns it. */
  async createDefaultProfile(db: Database, member: Member, email: string): Promise<ProfileRow> {
    await db.insert(profiles).values({ id: member.userId, email, onboardingCompleted: false }).onConflictDoNothing();
    const row = await profileRepo.findProfile(db, member);
    if (!row) throw new Error(`profile ${member.userId} missing right after insert`);
    return row;
  },

  /** The person's columns on their profile, the company's on their business: one transaction. */
  async updateProfile(db: Database, member: Member, values: ProfileValues): Promise<ProfileRow> {
    const changes = Object.entries(values).filter(([, value]) => value !== undefined);
    const company = Object.fromEntries(changes.filter(([column]) => isCompanyColumn(column)));
    const person = Object.fromEntries(changes.filter(([column]) => !isCompanyColumn(column)));
    return db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ ...person, updatedAt: sql`now()` })
        .where(eq(profiles.id, member.userId));
      if (Object.keys(company).length > 0) {
        await tx.update(businesses).set(company).where(eq(businesses.id, member.businessId));
      }
      const row = await profileRepo.findProfile(tx, member);
      if (!row) throw new Error(`profile ${member.userId} missing during update`);
      return row;
    });
  },
};
