import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from './accounts.schema.ts';

/** What a stored image is: a profile's logo or signature, a certificate photo, or a signature drawn by link. */
export const filePurposes = ['logo', 'signature', 'photo', 'signer_signature'] as const;

/** Uploaded images (logos, signatures, photos). The bytes live in file storage under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The business the file is kept for: reads and deletes are scoped by it (ADR 0077). Its foreign
     * key to `businesses` (on delete cascade) is in migration 0034 only: `businesses` names `files`
     * (its logo), and two schema modules must not import each other (ADR 0027).
     */
    businessId: uuid('business_id').notNull(),
    /** Who uploaded it (for a signer's signature, the document's maker); null once their account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: filePurposes }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** A print-resolution JPEG for PDFs, made from the normalised copy; null on old rows. */
    printKey: text('print_key'),
    /**
     * The certificate a photo is attached to. One column holds one certificate, so a photo can never
     * be on two; certificates claim their photos here in the same transaction that saves them. Its
     * foreign key to `certificates` (on delete set null) is in migration 0000 and the drizzle
     * snapshot, not here: a platform table does not name a feature's (ADR 0030).
     */
    certificateId: uuid('certificate_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('files_business_idx').on(table.businessId),
    index('files_certificate_idx').on(table.certificateId),
    check('files_purpose_valid', sql`${table.purpose} in ('logo', 'signature', 'photo', 'signer_signature')`),
  ],
);
