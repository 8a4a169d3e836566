import { DEFAULT_TIME_ZONE, MEMBER_ROLES } from '@app/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from '../../db/columns.ts';
import { users } from './accounts.schema.ts';
import { files } from './files.schema.ts';

/**
 * A business: the unit that will own the records and the plan, with people in it (ADR 0077), and
 * its company profile. The profile feature edits it; auth creates it with the account; every other
 * feature reads it through `businessOf` (business.ts). For now every business has one member, its owner.
 */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyName: text('company_name'),
  companyAddress: text('company_address'),
  companyEmail: text('company_email'),
  companyPhone: text('company_phone'),
  companyAbn: text('company_abn'),
  licenceNumber: text('licence_number'),
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  commonMaterials: text('common_materials').array().notNull().default(sql`'{}'::text[]`),
  /** The business's month (the free limit, numbering) is counted in it. */
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** A field member's complete becomes a submit for review (ADR 0077, "Office reviews before issue"). */
  reviewBeforeIssue: boolean('review_before_issue').notNull().default(false),
  createdAt: createdAt(),
});

/** Who belongs to which business, and as what. An account belongs to exactly one business. */
export const memberships = pgTable(
  'memberships',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /**
     * Since when the member holds a seat; null: none (ADR 0077, seats). A lapse writes nothing: the
     * first seats by (owner, seated_at) may create, and the owner's pick of who stays sets this.
     */
    seatedAt: timestamp('seated_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.userId] }),
    uniqueIndex('memberships_user_unique').on(table.userId),
    // One owner: the one who pays, and who alone may delete the business.
    uniqueIndex('memberships_one_owner_unique').on(table.businessId).where(sql`${table.role} = 'owner'`),
    check('memberships_role_valid', oneOf(table.role, MEMBER_ROLES)),
  ],
);

/**
 * What is the person's in their business (ADR 0077): their name as printed and their signature. The
 * profile feature edits it with the business's company profile; auth creates it with the account.
 */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email'),
  signatureFileId: uuid('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
  applicatorName: text('applicator_name'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
