import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, profiles } from '../../db/schema.ts';

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

  /** True when a certificate froze this file into its applicator block: it is history, keep it. */
  async isFileFrozenOnCertificate(db: Database, userId: string, fileId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        sql`${certificates.userId} = ${userId} and (${certificates.applicator}->>'logo_file_id' = ${fileId} or ${certificates.applicator}->>'signature_file_id' = ${fileId})`,
      )
      .limit(1);
    return row !== undefined;
  },
};
