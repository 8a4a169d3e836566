import { DEFAULT_TIME_ZONE } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from './accounts.schema.ts';
import { profiles } from './business.schema.ts';

/**
 * A business as the features that are not its profile see it (ADR 0030): the account's email and
 * age, and the company profile's details (null where not filled in yet, or no profile yet).
 */
export type Business = {
  email: string;
  accountCreatedAt: Date;
  timeZone: string;
  companyName: string | null;
  companyAbn: string | null;
  companyAddress: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  logoFileId: string | null;
  /** Who signs for the business, and their signature: a cover sheet they approve carries it. */
  applicatorName: string | null;
  signatureFileId: string | null;
};

/** The business of `userId`; undefined when there is no such account. One query. */
export async function businessOf(db: Queryable, userId: string): Promise<Business | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      accountCreatedAt: users.createdAt,
      timeZone: profiles.timeZone,
      companyName: profiles.companyName,
      companyAbn: profiles.companyAbn,
      companyAddress: profiles.companyAddress,
      companyPhone: profiles.companyPhone,
      companyEmail: profiles.companyEmail,
      logoFileId: profiles.logoFileId,
      applicatorName: profiles.applicatorName,
      signatureFileId: profiles.signatureFileId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row && { ...row, timeZone: row.timeZone ?? DEFAULT_TIME_ZONE };
}
