import { DEFAULT_TIME_ZONE, issuedByOf } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses, memberships, profiles } from '../../platform/accounts/business.schema.ts';
import { memberCountOfMembership } from '../../platform/accounts/business.ts';
import { entitlementOf, entitlements } from '../../platform/entitlements/entitlements.ts';
import type { StoredApplicator } from './certificates.schema.ts';

/** What the certificate rules need to know about their owner. */
export type CertificateOwner = {
  premium: boolean;
  timeZone: string;
  /** The business's company details and the member's name and signature, to freeze onto a certificate at completion. */
  applicator: StoredApplicator;
};

/** What a certificate's PDF prints of its business: the company details now, for a draft, and its time zone. */
export type CertificateIssuer = Omit<CertificateOwner, 'premium'>;

export const ownerRepo = {
  /**
   * One query: the member's profile, their business's company details and member count, and the
   * subscriber record that entitlements reads the tier (at `now`) from.
   */
  async load(db: Queryable, userId: string, now: Date): Promise<CertificateOwner> {
    const subscriber = entitlements.subscriberOfUsersRow(db);
    const [row] = await db
      .select({
        profile: profiles,
        company: businesses,
        memberCount: memberCountOfMembership,
        subscribed: subscriber.subscribed,
        subscriptionEnd: subscriber.subscriptionEnd,
        complimentarySince: subscriber.complimentarySince,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .leftJoin(businesses, eq(businesses.id, memberships.businessId))
      .leftJoinLateral(subscriber, sql`true`)
      .where(eq(users.id, userId));
    return {
      premium: entitlementOf(row, now).premium,
      ...issuerOf(row?.company, row?.profile, row?.memberCount ?? 0),
    };
  },

  /**
   * The business `businessId` with its member `makerId` as the applicator (their name and signature;
   * none once their account is deleted), as a draft prints it: no issuing member. One query.
   */
  async issuer(db: Queryable, businessId: string, makerId: string | null): Promise<CertificateIssuer> {
    const [row] = await db
      .select({ company: businesses, profile: profiles })
      .from(businesses)
      .leftJoin(profiles, makerId === null ? sql`false` : eq(profiles.id, makerId))
      .where(eq(businesses.id, businessId));
    return issuerOf(row?.company, row?.profile, 1);
  },
};

type BusinessRow = typeof businesses.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** The issuer block; with more than one member in the business it names the issuing one (ADR 0077, Issued by). */
function issuerOf(
  company: BusinessRow | null | undefined,
  profile: ProfileRow | null | undefined,
  memberCount: number,
): CertificateIssuer {
  const issuedBy = issuedByOf(memberCount, profile?.applicatorName ?? null);
  return {
    timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
    applicator: {
      company_name: company?.companyName ?? null,
      company_address: company?.companyAddress ?? null,
      company_phone: company?.companyPhone ?? null,
      company_email: company?.companyEmail ?? null,
      company_abn: company?.companyAbn ?? null,
      licence_number: company?.licenceNumber ?? null,
      applicator_name: profile?.applicatorName ?? null,
      logo_file_id: company?.logoFileId ?? null,
      signature_file_id: profile?.signatureFileId ?? null,
      ...(issuedBy ? { issued_by: issuedBy } : {}),
    },
  };
}
