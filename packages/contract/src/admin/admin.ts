import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';
import { SUBSCRIPTION_TIERS } from '../constants.ts';

/** Rows per page of every admin list (PRODUCT.md, Admin). */
export const ADMIN_PAGE_SIZE = 25;
/** Pages beyond this are not served: a search narrows instead. */
export const ADMIN_MAX_PAGE = 400;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const PREMIUM_REASON_MAX_LENGTH = 500;
/** Months the admin chart shows, this one included. */
export const ADMIN_CHART_MONTHS = 12;

/** Whether the caller may use /admin; the server still refuses every admin call to anyone else. */
export const adminAccessSchema = z.object({ is_admin: z.boolean() });

/**
 * A page number in the query string, 1 to ADMIN_MAX_PAGE. Read from its digits rather than with
 * z.coerce: the admin chunk sharing zod's coerce with the certificate schemas would split it into a
 * chunk of its own that the public share page then loads too (PRODUCT.md, Budgets).
 */
const pageSchema = z._default(
  z.pipe(
    z.string().check(z.regex(/^([1-9]\d?|[1-3]\d\d|400)$/, `Use a page number from 1 to ${ADMIN_MAX_PAGE}.`)),
    z.transform(Number),
  ),
  1,
);

export const adminPageQuerySchema = z.object({ page: pageSchema });

export const adminUserSearchQuerySchema = z.object({
  /** Part of an email or company name; blank lists everyone. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_SEARCH_MAX_LENGTH))),
  page: pageSchema,
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

export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number(),
  has_more: z.boolean(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

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
  page: z.number(),
  has_more: z.boolean(),
});

export const adminContactMessageParamsSchema = z.object({ id: z.uuid() });

export const adminMonthlyStatsSchema = z.object({
  /** Oldest first, ADMIN_CHART_MONTHS of them, ending with this month. */
  months: z.array(z.object({ month: z.string(), signups: z.number(), certificates: z.number() })),
});
export type AdminMonthlyStats = z.infer<typeof adminMonthlyStatsSchema>;
