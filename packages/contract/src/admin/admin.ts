import { z } from 'zod/mini';
import { nextCursorSchema, pageQuery } from '../common/paging.ts';
import { timestampSchema } from '../common/values.ts';
import { SUBSCRIPTION_TIERS } from '../constants.ts';

/** Rows per page of every admin list (PRODUCT.md, Admin). */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const PREMIUM_REASON_MAX_LENGTH = 500;
/** Months the admin chart shows, this one included. */
export const ADMIN_CHART_MONTHS = 12;

/** Whether the caller may use /admin; the server still refuses every admin call to anyone else. */
export const adminAccessSchema = z.object({ is_admin: z.boolean() });

/** A page of an admin list: `limit` rows (ADMIN_PAGE_SIZE unless asked) after the `cursor`. */
export const adminPageQuerySchema = z.object(pageQuery(ADMIN_PAGE_SIZE));

export const adminUserSearchQuerySchema = z.object({
  /** Part of an email or company name; blank lists everyone. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_SEARCH_MAX_LENGTH))),
  ...pageQuery(ADMIN_PAGE_SIZE),
});
export type AdminUserSearchQuery = z.input<typeof adminUserSearchQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  company_name: z.nullable(z.string()),
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** Premium granted by an admin (it stands beside, and apart from, a paid subscription). */
  complimentary: z.boolean(),
  /** Completed this month, in the user's own time zone. */
  certificates_this_month: z.number(),
  created_at: timestampSchema,
  /** When the user last signed in (their newest session); null if never. */
  last_sign_in_at: z.nullable(timestampSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({ users: z.array(adminUserSchema), next_cursor: nextCursorSchema });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** A business as the admin's list shows it (ADR 0077): who owns it, how many people are in it, its plan. */
export const adminBusinessSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  /** Null only in the moment a business is being deleted with its owner's account. */
  owner_email: z.nullable(z.string()),
  member_count: z.number(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  created_at: timestampSchema,
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

export const adminBusinessPageSchema = z.object({
  businesses: z.array(adminBusinessSchema),
  next_cursor: nextCursorSchema,
});
export type AdminBusinessPage = z.infer<typeof adminBusinessPageSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid() });

export const premiumChangeRequestSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give a reason: it is kept in the audit log.'),
      z.maxLength(PREMIUM_REASON_MAX_LENGTH, `Keep the reason under ${PREMIUM_REASON_MAX_LENGTH} characters.`),
    ),
});
export type PremiumChangeRequest = z.input<typeof premiumChangeRequestSchema>;

/** Why Premium is not granted to a user who pays for it: there is nothing to give (409). */
export const PAID_PREMIUM_GRANT_MESSAGE = 'This user pays for Premium already: there is nothing to grant.';

export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  message: z.string(),
  created_at: timestampSchema,
  handled_at: z.nullable(timestampSchema),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessagePageSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  next_cursor: nextCursorSchema,
});
export type AdminContactMessagePage = z.infer<typeof adminContactMessagePageSchema>;

export const adminContactMessageParamsSchema = z.object({ id: z.uuid() });

export const adminMonthlyStatsSchema = z.object({
  /** Oldest first, ADMIN_CHART_MONTHS of them, ending with this month. */
  months: z.array(z.object({ month: z.string(), signups: z.number(), certificates: z.number() })),
});
export type AdminMonthlyStats = z.infer<typeof adminMonthlyStatsSchema>;
