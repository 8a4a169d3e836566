/**
 * The platform's tables, for drizzle-kit (drizzle.config.ts), which finds each feature's own in
 * `features/<name>/<name>.schema.ts` by that name (ADRs 0030, 0073). Code imports a table from its
 * owner, never from here.
 */
export * from './platform/accounts/accounts.schema.ts';
export * from './platform/accounts/business.schema.ts';
export * from './platform/accounts/files.schema.ts';
export * from './platform/audit/audit.schema.ts';
export * from './platform/crypto/secrets.schema.ts';
export * from './platform/documents/documents.schema.ts';
export * from './platform/entitlements/entitlements.schema.ts';
export * from './platform/rate-limit/rate-limit.schema.ts';
export * from './platform/retired-ids/retired-ids.schema.ts';
