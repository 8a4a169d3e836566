import {
  type CertificateChecklist,
  certificateStates,
  type MaterialLine,
  type PhotoLocation,
  type StateDetails,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';

/** A certificate photo as stored in `certificates.photos`, with when and where it was taken when known. */
export type StoredPhoto = { file_id: string; caption: string; taken_at?: string; location?: PhotoLocation };
/** The applicator block frozen on a certificate: file ids, not URLs (URLs are signed per response). */
export type StoredApplicator = {
  company_name: string | null;
  company_address: string | null;
  company_phone: string | null;
  company_email: string | null;
  company_abn: string | null;
  licence_number: string | null;
  applicator_name: string | null;
  logo_file_id: string | null;
  signature_file_id: string | null;
  /**
   * The issuing member's name, only when the business had more than one member then (ADR 0077):
   * absent, a one-person business's block and its fingerprint are as they always were.
   */
  issued_by?: string;
};

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The business whose record it is: every read and write is scoped by it (ADR 0077). */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who made it; null once their account is deleted (the record stays the business's). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    standards: text('standards').array().notNull().default(sql`'{}'::text[]`),
    jobSiteAddress: text('job_site_address').notNull(),
    installationDate: date('installation_date'),
    areas: text('areas').notNull().default(''),
    materialsUsed: text('materials_used').notNull().default(''),
    /** The materials applied, line by line; certificates made before have only materials_used. */
    materials: jsonb('materials').$type<MaterialLine[]>().notNull().default(sql`'[]'::jsonb`),
    /** Lot and plan, council area, building class and aspects certified, when given. */
    stateDetails: jsonb('state_details').$type<StateDetails>(),
    additionalInfo: text('additional_info').notNull().default(''),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    /** The checklists recorded on it, as the contract's CertificateChecklist. */
    checklists: jsonb('checklists').$type<CertificateChecklist[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: certificateStates }).notNull().default('draft'),
    /** The business's sequential number given at completion, e.g. WPC-2026-0001. */
    certificateNumber: text('certificate_number'),
    /**
     * The business whose sequence gave the number, when it is not the one holding the record: a
     * record brought by a joiner keeps its number as issued (ADR 0089). Null: its own business.
     */
    numberedIn: uuid('numbered_in'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The YYYY-MM (the business's time zone) whose monthly count this certificate holds. */
    completedMonth: text('completed_month'),
    /** The applicator block frozen from the profile at completion (PRODUCT.md, Records). */
    applicator: jsonb('applicator').$type<StoredApplicator>(),
    /**
     * The version this row holds (ADR 0025). Once issued (completed), a version is kept in
     * `document_versions` and never rewritten: an edit makes the next version here.
     */
    version: integer('version').notNull().default(1),
    /** Counts saves, for optimistic concurrency: a save names the revision it was made from. */
    revision: integer('revision').notNull().default(0),
    /** When this version (past 1) was issued, and the owner's reason for the amendment. */
    amendedAt: timestamp('amended_at', { withTimezone: true }),
    amendmentReason: text('amendment_reason'),
    /** Why an owner or office member sent it back from review; cleared by the next submit. */
    reviewNote: text('review_note'),
    /** Deleting a certificate somebody signed withdraws it instead: it leaves lists, its versions stay. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('certificates_numbered_in_number_unique').on(
      sql`coalesce(${table.numberedIn}, ${table.businessId})`,
      table.certificateNumber,
    ),
    check('certificates_status_valid', sql`${table.status} in ('draft', 'in_review', 'completed')`),
    check('certificates_photos_is_array', sql`jsonb_typeof(${table.photos}) = 'array'`),
    check('certificates_checklists_is_array', sql`jsonb_typeof(${table.checklists}) = 'array'`),
    check('certificates_materials_is_array', sql`jsonb_typeof(${table.materials}) = 'array'`),
    check('certificates_version_positive', sql`${table.version} >= 1`),
    // Serve the business's newest-first keyset list, and one maker's within it ("Mine"), without a
    // sort. NULLS FIRST is what a plain ORDER BY … DESC means; with NULLS LAST the planner could not
    // use the index and sorted every row.
    index('certificates_business_created_idx').on(
      table.businessId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('certificates_business_maker_created_idx').on(
      table.businessId,
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
