import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  adminAccessSchema,
  adminBusinessPageSchema,
  adminContactMessagePageSchema,
  adminContactMessageParamsSchema,
  adminContactMessageSchema,
  adminMonthlyStatsSchema,
  adminPageQuerySchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  premiumChangeRequestSchema,
} from './admin.ts';

/**
 * The admin console (PRODUCT.md, Admin). Every endpoint but `access` is `auth: 'admin'`: 401 to a
 * visitor, 403 to everyone not in ADMIN_EMAILS. None returns a certificate's content or a file.
 */
export const adminEndpoints = {
  access: defineEndpoint({
    method: 'GET',
    path: '/api/admin/access',
    auth: 'required',
    permission: 'account.own',
    summary: 'Whether the caller is an admin (for the page; every admin endpoint still checks)',
    responses: { 200: adminAccessSchema },
    errors: [],
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    summary: 'Users, newest first, searched by email or company name; a page at a time',
    query: adminUserSearchQuerySchema,
    responses: { 200: adminUserPageSchema },
    errors: [],
  }),
  businesses: defineEndpoint({
    method: 'GET',
    path: '/api/admin/businesses',
    auth: 'admin',
    summary: 'Businesses, newest first, with their owner, member count and plan; a page at a time',
    query: adminPageQuerySchema,
    responses: { 200: adminBusinessPageSchema },
    errors: [],
  }),
  grantPremium: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/premium/grant',
    auth: 'admin',
    summary: 'Grant complimentary Premium, with a reason (audited); refused (409) to a user who pays for Premium',
    params: adminUserParamsSchema,
    body: premiumChangeRequestSchema,
    responses: { 200: adminUserSchema },
    errors: [errorCodes.notFound, errorCodes.conflict],
  }),
  revokePremium: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/premium/revoke',
    auth: 'admin',
    summary: 'Revoke complimentary Premium, with a reason (audited); a paid subscription is untouched',
    params: adminUserParamsSchema,
    body: premiumChangeRequestSchema,
    responses: { 200: adminUserSchema },
    errors: [errorCodes.notFound],
  }),
  contactMessages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/contact-messages',
    auth: 'admin',
    summary: 'Contact messages, newest first; a page at a time',
    query: adminPageQuerySchema,
    responses: { 200: adminContactMessagePageSchema },
    errors: [],
  }),
  markContactMessageHandled: defineEndpoint({
    method: 'POST',
    path: '/api/admin/contact-messages/:id/handled',
    auth: 'admin',
    summary: 'Mark a contact message handled',
    params: adminContactMessageParamsSchema,
    responses: { 200: adminContactMessageSchema },
    errors: [errorCodes.notFound],
  }),
  monthlyStats: defineEndpoint({
    method: 'GET',
    path: '/api/admin/stats/monthly',
    auth: 'admin',
    summary: 'Sign-ups and completed certificates per month, for the last 12 months',
    responses: { 200: adminMonthlyStatsSchema },
    errors: [],
  }),
} as const;
