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
    const profile = row?.profile;
    const company = row?.company;
    const issuedBy = issuedByOf(row?.memberCount ?? 0, profile?.applicatorName ?? null);
    return {
      premium: entitlementOf(row, now).premium,
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
  },
};
