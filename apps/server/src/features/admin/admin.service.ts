import {
  ADMIN_CHART_MONTHS,
  type AdminBusiness,
  type AdminBusinessPage,
  type AdminMonthlyStats,
  type AdminUser,
  type AdminUserPage,
  errorCodes,
  PAID_PREMIUM_GRANT_MESSAGE,
} from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { membershipOf } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { decodeCursor, keysetPage } from '../../platform/http/list-cursor.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { type AdminBusinessRow, type AdminUserRow, adminRepo } from './admin.repo.ts';

const userNotFound = () => new AppError(404, errorCodes.notFound, 'User not found');
const paidPremiumGrant = () => new AppError(409, errorCodes.conflict, PAID_PREMIUM_GRANT_MESSAGE);

/**
 * PRODUCT.md, Admin: the console's rules. Only admins reach these (the routes are `auth: 'admin'`);
 * nothing here reads a certificate's content or a file.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  access(caller: AuthenticatedCaller) {
    return { is_admin: caller.isAdmin };
  }

  async users({
    q,
    limit,
    cursor,
  }: {
    q?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  }): Promise<AdminUserPage> {
    const rows = await adminRepo.users(this.db, {
      filter: q ? adminRepo.matching(q) : undefined,
      after: decodeCursor(cursor),
      limit,
      now: this.now(),
    });
    const page = keysetPage.of(rows, limit, (row) => ({ createdAt: row.position, id: row.id }));
    return { users: page.rows.map(toAdminUser), next_cursor: page.next_cursor };
  }

  async businesses({ limit, cursor }: { limit: number; cursor?: string | undefined }): Promise<AdminBusinessPage> {
    const rows = await adminRepo.businesses(this.db, { after: decodeCursor(cursor), limit, now: this.now() });
    const page = keysetPage.of(rows, limit, (row) => ({ createdAt: row.position, id: row.id }));
    return { businesses: page.rows.map(toAdminBusiness), next_cursor: page.next_cursor };
  }

  /**
   * Complimentary Premium, granted or revoked with a reason, in one transaction with its audit event.
   * A paid subscription is never touched (ADR 0019), and a user who pays is granted nothing: a grant
   * beside it would outlive their subscription unnoticed. Asking for what already stands changes
   * nothing and records nothing.
   */
  async changePremium(
    admin: AuthenticatedCaller,
    userId: string,
    change: { action: 'grant' | 'revoke'; reason: string },
    origin: RequestMetadata,
  ): Promise<AdminUser> {
    await this.db.transaction(async (tx) => {
      if (!(await adminRepo.userExists(tx, userId))) throw userNotFound();
      // Premium is the business's (ADR 0077): the user's business is granted it, every member with it.
      const { businessId } = await membershipOf(tx, userId);
      if (change.action === 'grant' && (await entitlements.paysForPremium(tx, businessId, this.now()))) {
        throw paidPremiumGrant();
      }
      const changed =
        change.action === 'grant'
          ? await entitlements.grantComplimentary(tx, businessId)
          : await entitlements.revokeComplimentary(tx, businessId);
      if (changed) await recordPremiumChange(tx, admin, userId, change, origin);
    });
    return this.user(userId);
  }

  async monthlyStats(): Promise<AdminMonthlyStats> {
    return { months: await adminRepo.monthlyStats(this.db, this.now(), ADMIN_CHART_MONTHS) };
  }

  private async user(userId: string): Promise<AdminUser> {
    const [row] = await adminRepo.users(this.db, {
      filter: adminRepo.byId(userId),
      after: undefined,
      limit: 1,
      now: this.now(),
    });
    if (!row) throw userNotFound();
    return toAdminUser(row);
  }
}

function recordPremiumChange(
  tx: Queryable,
  admin: AuthenticatedCaller,
  userId: string,
  { action, reason }: { action: 'grant' | 'revoke'; reason: string },
  origin: RequestMetadata,
) {
  const who = { actor: { kind: 'user', userId: admin.userId }, subject: { kind: 'user', id: userId }, origin } as const;
  return action === 'grant'
    ? audit.record(tx, { type: 'premium.granted', data: { source: 'admin', until: null, reason }, ...who })
    : audit.record(tx, { type: 'premium.revoked', data: { source: 'admin', reason }, ...who });
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    company_name: row.companyName,
    tier: row.premium ? 'premium' : 'free',
    complimentary: row.complimentary,
    certificates_this_month: row.certificatesThisMonth,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

function toAdminBusiness(row: AdminBusinessRow): AdminBusiness {
  return {
    id: row.id,
    name: row.name,
    owner_email: row.ownerEmail,
    member_count: row.memberCount,
    tier: row.premium ? 'premium' : 'free',
    created_at: row.createdAt.toISOString(),
  };
}
