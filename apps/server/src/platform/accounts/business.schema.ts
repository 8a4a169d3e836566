import { DEFAULT_TIME_ZONE } from '@app/contract';
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from './accounts.schema.ts';
import { files } from './files.schema.ts';

/**
 * The business behind an account: its company profile. The profile feature edits it; auth creates
 * it with the account; every other feature reads it through `businessOf` (business.ts).
 */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email'),
  companyName: text('company_name'),
  companyAddress: text('company_address'),
  companyEmail: text('company_email'),
  companyPhone: text('company_phone'),
  companyAbn: text('company_abn'),
  licenceNumber: text('licence_number'),
  signatureFileId: uuid('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  commonMaterials: text('common_materials').array().notNull().default(sql`'{}'::text[]`),
  applicatorName: text('applicator_name'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
