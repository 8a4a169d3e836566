import { documentKinds, kernelHeadTableKinds, signatureMethods } from '@app/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { businesses } from '../accounts/business.schema.ts';
import { files } from '../accounts/files.schema.ts';

/**
 * Every document kind the database takes (ADR 0076): each kind column references it, so a kind a
 * bug writes is refused. Filled from the contract's declarations at start-up and, for a kind made at
 * run time, by the kernel's registry before its first write (kind-registry.ts).
 */
export const registeredDocumentKinds = pgTable('document_kinds', {
  kind: text('kind').primaryKey(),
});

/** A kind column: one of `kinds` to TypeScript, one of the registered kinds to the database. */
export const documentKindColumn = <Kinds extends readonly [string, ...string[]]>(name: string, kinds: Kinds) =>
  text(name, { enum: kinds })
    .notNull()
    .references(() => registeredDocumentKinds.kind);

/** Whose document, and which version of it, a signature request or a site sign-on link is for. */
const signedVersionColumns = () => ({
  /** The document's business: every owner-side query filters on it (ADR 0077). */
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Who made it; the record stays with the business when they go. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  documentKind: documentKindColumn('document_kind', documentKinds),
  documentId: uuid('document_id').notNull(),
  documentVersion: integer('document_version').notNull(),
});

/** Last number handed out per business, document kind and year (one numbering per business); incremented atomically. */
export const documentNumberSequences = pgTable(
  'document_number_sequences',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: documentKindColumn('kind', documentKinds),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.kind, table.year] })],
);

/** Why an unsigned request stopped being signable before it expired. */
export const signatureRevocationReasons = ['owner', 'new_version'] as const;

/**
 * One signer's request to sign one version of one document (ADR 0015). A signer invited by email
 * has their own link (`token_hash`, the SHA-256 of a random token); a worker who signs on through a
 * SWMS's site QR code has no token of their own. Status is derived from the timestamps, in this order:
 * signed, declined, revoked, expired (`expires_at` passed), opened, pending.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...signedVersionColumns(),
    fingerprintAtSend: text('fingerprint_at_send').notNull(),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email'),
    signerRole: text('signer_role'),
    signerCompany: text('signer_company'),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: signatureRevocationReasons }),
    signatureFileId: uuid('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** How the signature was made (ADR 0052): set with it; signatures before the choice were drawn. */
    signatureMethod: text('signature_method', { enum: signatureMethods }),
    fingerprintAtSign: text('fingerprint_at_sign'),
    createdAt: createdAt(),
    /** When the link was last emailed (send or resend); null for site sign-ons. Reminders count from it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** When the automatic reminder was queued: at most one per sending. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the `signing.expired` event was recorded, so it is recorded once. */
    expiryRecordedAt: timestamp('expiry_recorded_at', { withTimezone: true }),
    /** The site QR link a worker signed on through (no token of their own). */
    siteLinkId: uuid('site_link_id').references(() => siteSignOnLinks.id, { onDelete: 'set null' }),
    /**
     * When the owner set this site sign-on aside as junk: it leaves the register and no longer
     * counts as a signature, and stays here and in the audit trail (ADR 0022).
     */
    setAsideAt: timestamp('set_aside_at', { withTimezone: true }),
  },
  (table) => [
    index('signature_requests_document_idx').on(table.documentKind, table.documentId, table.documentVersion),
    index('signature_requests_business_idx').on(table.businessId, table.createdAt),
    check(
      'signature_requests_revoked_reason_valid',
      sql`(${table.revokedAt} is null) = (${table.revokedReason} is null) and ${oneOf(table.revokedReason, signatureRevocationReasons)}`,
    ),
    check('signature_requests_signature_method_valid', oneOf(table.signatureMethod, signatureMethods)),
    check(
      'signature_requests_one_outcome',
      sql`not (${table.signedAt} is not null and ${table.declinedAt} is not null)`,
    ),
  ],
);

/**
 * What a SWMS or cover-sheet version prints about who issued it (ADR 0088): the business's company
 * details, the issuing member's name and signature, "Issued by" when the business has several
 * members (ADR 0077), and the time zone its dates are printed in. Images by file id, as the
 * certificate's frozen applicator block has them.
 */
export type Letterhead = {
  company_name: string;
  company_abn: string;
  company_address: string;
  company_phone: string;
  company_email: string;
  logo_file_id: string | null;
  applicator_name: string;
  signature_file_id: string | null;
  /** Absent for a one-person business: its letterhead, and so its PDF and cache key, are as before. */
  issued_by?: string;
  time_zone: string;
};

/**
 * The documents kernel's versions (ADR 0025): each version of every kind's document, with its body
 * (the kind's content as JSON) and fingerprint. A SWMS or cover sheet keeps every version here,
 * current included; a certificate keeps each version here once issued. An issued or signed version
 * is never written again: the next edit makes the next version.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: uuid('document_id').notNull(),
    version: integer('version').notNull(),
    kind: documentKindColumn('kind', documentKinds),
    /** The document's business (ADR 0077). */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who made the document; null once their account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** When the version was issued (a certificate's completion or amendment); null while it may change. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The owner's reason for an amendment (version 2 on), as printed on it. */
    amendmentReason: text('amendment_reason'),
    /**
     * A kernel-table version's letterhead, frozen when it is first issued (ADR 0088); null while it
     * prints the business as it is now. A certificate's is in its body (`applicator`, ADR 0065).
     */
    issuer: jsonb('issuer').$type<Letterhead>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.version] }),
    check('document_versions_version_positive', sql`${table.version} >= 1`),
    check('document_versions_body_is_object', sql`jsonb_typeof(${table.body}) = 'object'`),
  ],
);

/**
 * A SWMS's site sign-on QR link (signing feature, ADR 0017): workers scan it and sign this version.
 * Its token is derived (HMAC of the id), so only its hash is stored; it stops working when revoked or
 * when the document gets a newer version.
 */
export const siteSignOnLinks = pgTable(
  'site_sign_on_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...signedVersionColumns(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The version's fingerprint when the link was made: what each worker's signature is checked against. */
    fingerprint: text('fingerprint').notNull(),
    /** Sign-ons the link takes (set-aside ones do not count); then it is full. The owner chooses it. */
    maxSignOns: integer('max_sign_ons').notNull().default(50),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('site_sign_on_links_document_idx').on(table.documentKind, table.documentId, table.documentVersion),
    check('site_sign_on_links_max_sign_ons_valid', sql`${table.maxSignOns} between 1 and 200`),
  ],
);

/**
 * A document version a member of its business sent to someone (a builder) by email (signing
 * feature, ADR 0042): their own link, stored only as the SHA-256 of its token (derived from the row
 * id, as signing links are), and the first time it was opened. Sending issues the version (ADR 0088).
 */
export const documentSends = pgTable(
  'document_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...signedVersionColumns(),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Whether the mail carried the PDF (small enough); null until the mail job has run. */
    attached: boolean('attached'),
    /** The first open of the recipient's link; never changed after. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (table) => [index('document_sends_document_idx').on(table.documentKind, table.documentId, table.createdAt)],
);

/**
 * A kernel kind's document, a SWMS or a cover sheet (ADR 0016, 0070; the table keeps its first
 * name): what does not change between its versions. `revision` counts
 * saves, for optimistic concurrency (a save names the revision it was made from); `current_version`
 * is the version edits go to. `ready` is the current version's readiness, kept for the list filter.
 */
export const kernelDocuments = pgTable(
  'safety_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The business whose document it is: every owner-side read and write is scoped by it (ADR 0077). */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who made it; null once their account is deleted (the document stays the business's). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: documentKindColumn('kind', kernelHeadTableKinds),
    /** Per business and kind, e.g. SWMS-2026-0001 or CS-2026-0001. */
    number: text('number').notNull(),
    /**
     * The business whose sequence gave the number, when it is not the one holding the document: a
     * document brought by a joiner keeps its number (ADR 0089). Null: its own business.
     */
    numberedIn: uuid('numbered_in'),
    isTemplate: boolean('is_template').notNull().default(false),
    currentVersion: integer('current_version').notNull().default(1),
    revision: integer('revision').notNull().default(0),
    ready: boolean('ready').notNull().default(false),
    /** Deleting a document somebody signed withdraws it instead: it leaves lists, its versions stay. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('safety_documents_numbered_in_kind_number_unique').on(
      sql`coalesce(${table.numberedIn}, ${table.businessId})`,
      table.kind,
      table.number,
    ),
    index('safety_documents_business_kind_created_idx').on(
      table.businessId,
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
