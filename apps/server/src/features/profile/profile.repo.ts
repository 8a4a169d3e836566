import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../platform/accounts/business.schema.ts';

export type ProfileRow = typeof profiles.$inferSelect;
/** Columns a user may change; undefined means "leave as is". */
export type ProfileValues = Partial<
  Pick<
    ProfileRow,
    | 'companyName'
    | 'companyAddress'
    | 'companyEmail'
    | 'companyPhone'
    | 'companyAbn'
    | 'licenceNumber'
    | 'applicatorName'
    | 'commonMaterials'
    | 'timeZone'
    | 'onboardingCompleted'
    | 'logoFileId'
    | 'signatureFileId'
  >
>;

/** SQL for profiles (their tier comes from platform/entitlements). Always by the caller's id. */
export const profileRepo = {
  async findProfile(db: Database, userId: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
    return row;
  },

  /** Inserts the default profile if none exists (concurrent first loads are safe) and returns it. */
  async createDefaultProfile(db: Database, userId: string, email: string): Promise<ProfileRow> {
    await db
      .insert(profiles)
      .values({ id: userId, email, onboardingCompleted: false, commonMaterials: [] })
      .onConflictDoNothing();
    const row = await profileRepo.findProfile(db, userId);
    if (!row) throw new Error(`profile ${userId} missing right after insert`);
    return row;
  },

  async updateProfile(db: Database, userId: string, values: ProfileValues): Promise<ProfileRow> {
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    const [row] = await db
      .update(profiles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId))
      .returning();
    if (!row) throw new Error(`profile ${userId} missing during update`);
    return row;
  },
};
