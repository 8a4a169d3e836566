/**
 * Every table, for drizzle-kit (drizzle.config.ts). Each table lives with the module that owns it
 * (ADR 0030): a feature's own tables in `features/<name>/<name>.schema.ts`, the ones every feature
 * keys on or shares in `platform/`. Code imports a table from its owner, never from here.
 */
export * from './features/api-access/api-access.schema.ts';
export * from './features/auth/auth.schema.ts';
export * from './features/billing/billing.schema.ts';
export * from './features/certificates/certificates.schema.ts';
export * from './features/checklist-templates/checklist-templates.schema.ts';
export * from './features/contact/contact.schema.ts';
export * from './features/signing/signing.schema.ts';
export * from './features/swms/swms.schema.ts';
export * from './platform/accounts/accounts.schema.ts';
export * from './platform/accounts/business.schema.ts';
export * from './platform/accounts/files.schema.ts';
export * from './platform/audit/audit.schema.ts';
export * from './platform/crypto/secrets.schema.ts';
export * from './platform/documents/documents.schema.ts';
export * from './platform/entitlements/entitlements.schema.ts';
export * from './platform/rate-limit/rate-limit.schema.ts';
export * from './platform/retired-ids/retired-ids.schema.ts';
