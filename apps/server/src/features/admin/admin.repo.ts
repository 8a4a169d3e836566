import { DEFAULT_TIME_ZONE } from '@app/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { authSessions, users } from '../../platform/accounts/accounts.schema.ts';
import { businesses, memberships } from '../../platform/accounts/business.schema.ts';
import { monthlyCertificateCounts } from '../../platform/entitlements/entitlements.schema.ts';
import { entitlementOf, entitlements } from '../../platform/entitlements/entitlements.ts';
import { keysetPage, type ListPosition } from '../../platform/http/list-cursor.ts';

/** One user as the admin console lists them: no certificate content, no files. */
export type AdminUserRow = {
  id: string;
  email: string;
  companyName: string | null;
  premium: boolean;
  complimentary: boolean;
  certificatesThisMonth: number;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** created_at as PostgreSQL text, for the next page's cursor. */
  position: string;
};

/** One business as the admin console lists it: its owner, how many people are in it, its plan. */
export type AdminBusinessRow = {
  id: string;
  name: string | null;
  ownerEmail: string | null;
  memberCount: number;
  premium: boolean;
  createdAt: Date;
  /** created_at as PostgreSQL text, for the next page's cursor. */
  position: string;
};

export type MonthlyStatsRow = { month: string; signups: number; certificates: number };

/** `%` and `_` typed in a search are literal characters, not patterns. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** SQL of the admin console: reads across users, businesses, sessions, counts and subscriber records. */
export const adminRepo = {
  /**
   * Users matching `filter`, newest first, after `after`; one row more than `limit`, so the caller
   * knows whether more follow. The month of "certificates this month" is each user's own (their
   * profile's time zone).
   */
  async users(
    db: Queryable,
    {
      filter,
      after,
      limit,
      now,
    }: { filter: SQL | undefined; after: ListPosition | undefined; limit: number; now: Date },
  ): Promise<AdminUserRow[]> {
    const subscriber = entitlements.subscriberOfUsersRow(db);
    const timeZone = sql`coalesce(${businesses.timeZone}, ${DEFAULT_TIME_ZONE})`;
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        companyName: businesses.companyName,
        createdAt: users.createdAt,
        position: keysetPage.position(users.createdAt),
        subscribed: subscriber.subscribed,
        subscriptionEnd: subscriber.subscriptionEnd,
        complimentarySince: subscriber.complimentarySince,
        certificatesThisMonth: sql<number>`coalesce((
          select ${monthlyCertificateCounts.count} from ${monthlyCertificateCounts}
          where ${monthlyCertificateCounts.businessId} = ${memberships.businessId}
            and ${monthlyCertificateCounts.month} = to_char(${now.toISOString()}::timestamptz at time zone ${timeZone}, 'YYYY-MM')
        ), 0)`.mapWith(Number),
        lastSignInAt: sql<Date | null>`(
          select max(${authSessions.createdAt}) from ${authSessions} where ${authSessions.userId} = ${users.id}
        )`.mapWith((value: string | null) => (value === null ? null : new Date(value))),
      })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .leftJoin(businesses, eq(businesses.id, memberships.businessId))
      .leftJoinLateral(subscriber, sql`true`)
      .where(and(filter, keysetPage.after(users.createdAt, users.id, after)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit + 1);
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      companyName: row.companyName,
      premium: entitlementOf(row, now).premium,
      complimentary: row.complimentarySince !== null,
      certificatesThisMonth: row.certificatesThisMonth,
      createdAt: row.createdAt,
      lastSignInAt: row.lastSignInAt,
      position: row.position,
    }));
  },

  /**
   * Businesses, newest first, after `after`; one row more than `limit`. The owner and the member
   * count are read per row of the page (memberships' primary key starts with business_id).
   */
  async businesses(
    db: Queryable,
    { after, limit, now }: { after: ListPosition | undefined; limit: number; now: Date },
  ): Promise<AdminBusinessRow[]> {
    const subscriber = entitlements.subscriberOfBusinessesRow(db);
    const rows = await db
      .select({
        id: businesses.id,
        name: businesses.companyName,
        createdAt: businesses.createdAt,
        position: keysetPage.position(businesses.createdAt),
        ownerEmail: sql<string | null>`(
          select ${users.email} from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
          where ${memberships.businessId} = ${businesses.id} and ${memberships.role} = 'owner'
        )`,
        memberCount: sql<number>`(
          select count(*) from ${memberships} where ${memberships.businessId} = ${businesses.id}
        )`.mapWith(Number),
        subscribed: subscriber.subscribed,
        subscriptionEnd: subscriber.subscriptionEnd,
        complimentarySince: subscriber.complimentarySince,
      })
      .from(businesses)
      .leftJoinLateral(subscriber, sql`true`)
      .where(keysetPage.after(businesses.createdAt, businesses.id, after))
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(limit + 1);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      ownerEmail: row.ownerEmail,
      memberCount: row.memberCount,
      premium: entitlementOf(row, now).premium,
      createdAt: row.createdAt,
      position: row.position,
    }));
  },

  /** Users whose email or company name contains `text`, case-insensitively. */
  matching(text: string): SQL {
    const pattern = containsPattern(text);
    return sql`(${users.email} ilike ${pattern} or ${businesses.companyName} ilike ${pattern})`;
  },

  byId: (id: string): SQL => sql`${users.id} = ${id}`,

  async userExists(db: Queryable, id: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    return row !== undefined;
  },

  /**
   * Sign-ups (month in the default time zone) and completed certificates (the monthly counts, each
   * in its owner's month) for the `months` months ending with the one `now` is in, oldest first.
   */
  async monthlyStats(db: Queryable, now: Date, months: number): Promise<MonthlyStatsRow[]> {
    const result = await db.execute<{ month: string; signups: number; certificates: number }>(sql`
      with months as (
        select month_start, to_char(month_start, 'YYYY-MM') as month
        from generate_series(
          date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${DEFAULT_TIME_ZONE}) - make_interval(months => ${months - 1}),
          date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${DEFAULT_TIME_ZONE}),
          interval '1 month'
        ) as month_start
      ),
      signups as (
        select to_char(${users.createdAt} at time zone ${DEFAULT_TIME_ZONE}, 'YYYY-MM') as month, count(*)::int as n
        from ${users}
        where ${users.createdAt} >= (select min(month_start) from months) at time zone ${DEFAULT_TIME_ZONE}
        group by 1
      ),
      certificates as (
        select ${monthlyCertificateCounts.month} as month, sum(${monthlyCertificateCounts.count})::int as n
        from ${monthlyCertificateCounts} where ${monthlyCertificateCounts.month} >= (select min(month) from months)
        group by 1
      )
      select months.month, coalesce(signups.n, 0) as signups, coalesce(certificates.n, 0) as certificates
      from months
      left join signups on signups.month = months.month
      left join certificates on certificates.month = months.month
      order by months.month`);
    return result.rows.map((row) => ({
      month: row.month,
      signups: Number(row.signups),
      certificates: Number(row.certificates),
    }));
  },
};
