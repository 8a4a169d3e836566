import { certificateStatuses, DEFAULT_TIME_ZONE, emailLinkTypes, SUBSCRIPTION_TIERS } from '@app/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Kinds of numbered documents; each numbers its own sequence per user and year. Every kind can be
 * sent for signing (signature_requests).
 */
export const documentKinds = ['certificate', 'swms', 'cover_sheet'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Last number handed out per user, document kind and year; incremented atomically. */
export const documentNumberSequences = pgTable(
  'document_number_sequences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: documentKinds }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.year] }),
    check('document_number_sequences_kind_valid', sql`${table.kind} in ('certificate', 'swms', 'cover_sheet')`),
  ],
);

/** A certificate photo as stored in `certificates.photos`. */
export type StoredPhoto = { file_id: string; caption: string };
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
};

/** Accounts. Credentials and confirmation state; everything else about the user lives in profiles. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * When the password was last set by someone who proved the mailbox (a confirmation opened in
     * the browser that signed up, or a new password chosen after an emailed link). Admin rights
     * need it (issue 20): a stranger may have signed the address up with a password of their own.
     */
    passwordProvenAt: timestamp('password_proven_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('users_email_unique').on(table.email),
    check('users_email_lowercase', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

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

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS }).notNull().default('free'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    /**
     * The billing provider the subscription was bought through ('stripe' or 'test'): only the
     * provider the server runs with now is honoured, so test-mode Premium ends when Stripe is
     * switched on (issue 20).
     */
    subscriptionProvider: text('subscription_provider'),
    /**
     * Complimentary Premium granted by an admin, and since when; null without one. Billing never
     * writes it, and revoking it leaves a paid subscription as it is (ADR 0019).
     */
    complimentarySince: timestamp('complimentary_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('subscribers_user_id_unique').on(table.userId),
    unique('subscribers_email_unique').on(table.email),
    check('subscribers_tier_valid', sql`${table.subscriptionTier} in ('free', 'premium')`),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    standards: text('standards').array().notNull().default(sql`'{}'::text[]`),
    jobSiteAddress: text('job_site_address').notNull(),
    installationDate: date('installation_date'),
    areas: text('areas').notNull().default(''),
    materialsUsed: text('materials_used').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: certificateStatuses }).notNull().default('draft'),
    /** Per-user sequential number given at completion, e.g. WPC-2026-0001. */
    certificateNumber: text('certificate_number'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The YYYY-MM (user's time zone) whose monthly count this certificate holds. */
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
    /** Deleting a certificate somebody signed withdraws it instead: it leaves lists, its versions stay. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('certificates_user_number_unique').on(table.userId, table.certificateNumber),
    check('certificates_status_valid', sql`${table.status} in ('draft', 'completed')`),
    check('certificates_photos_is_array', sql`jsonb_typeof(${table.photos}) = 'array'`),
    check('certificates_version_positive', sql`${table.version} >= 1`),
    // Serves the per-user, newest-first keyset list without a sort. NULLS FIRST is what a plain
    // ORDER BY … DESC means; with NULLS LAST the planner could not use the index and sorted every row.
    index('certificates_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const monthlyCertificateCounts = pgTable(
  'monthly_certificate_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('monthly_certificate_counts_user_month_unique').on(table.userId, table.month),
    check('monthly_certificate_counts_count_non_negative', sql`${table.count} >= 0`),
    check('monthly_certificate_counts_month_format', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** One signed-in device. Revoking it ends its refresh tokens and its access tokens at once. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Begun by a password-recovery link: may set a password without the current one, until it does. */
    recovery: boolean('recovery').notNull().default(false),
  },
  (table) => [
    index('auth_sessions_user_idx').on(table.userId),
    // Each instance loads the sessions revoked within an access-token lifetime at start.
    index('auth_sessions_revoked_at_idx').on(table.revokedAt).where(sql`${table.revokedAt} is not null`),
  ],
);

/** Rotating refresh tokens; only their SHA-256 is stored. A used token has `rotated_at` set. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [unique('refresh_tokens_token_hash_unique').on(table.tokenHash), index().on(table.sessionId)],
);

/** Single-use emailed links (confirmation, recovery, email change). Only the token's SHA-256 is stored. */
export const emailLinks = pgTable(
  'email_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: emailLinkTypes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** PKCE S256 challenge; when set, the link can be exchanged for a session with the verifier. */
    codeChallenge: text('code_challenge'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address an email-change link moves the account to (ADR 0020); only on those links. */
    newEmail: text('new_email'),
  },
  (table) => [
    unique('email_links_token_hash_unique').on(table.tokenHash),
    check('email_links_type_valid', sql`${table.type} in ('signup', 'recovery', 'email_change')`),
    check(
      'email_links_new_email_only_for_change',
      sql`(${table.type} = 'email_change') = (${table.newEmail} is not null)`,
    ),
  ],
);

/** Fixed-window rate-limit counters, shared by every server instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Secrets generated at first start (e.g. the JWT signing key) so every instance shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** What a stored image is: a profile's logo or signature, a certificate photo, or a signature drawn by link. */
export const filePurposes = ['logo', 'signature', 'photo', 'signer_signature'] as const;

/** Uploaded images (logos, signatures, photos). The bytes live in file storage under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
     * be on two; certificates claim their photos here in the same transaction that saves them.
     */
    certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('files_user_idx').on(table.userId),
    index('files_certificate_idx').on(table.certificateId),
    check('files_purpose_valid', sql`${table.purpose} in ('logo', 'signature', 'photo', 'signer_signature')`),
  ],
);

/**
 * Who did what to which document, when and from where (platform/audit). Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration 0009, ADR 0011). No foreign keys, so deleting a
 * user or a document never has to touch the trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The statement's time, not the transaction's: events written in one transaction keep their order.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id'),
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    type: text('type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').notNull(),
  },
  (table) => [
    index('audit_events_subject_idx').on(table.subjectKind, table.subjectId, table.occurredAt),
    check(
      'audit_events_actor_valid',
      sql`(${table.actorKind} = 'user') = (${table.actorUserId} is not null) and ${table.actorKind} in ('user', 'signer', 'system')`,
    ),
  ],
);

/**
 * A user's account with the billing provider and the last subscription state applied to it
 * (ADR 0013). `stateAsOf` is when that state was true at the provider: an older one is never applied
 * over it, so events arriving out of order cannot regress the subscription.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    stateAsOf: timestamp('state_as_of', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('billing_accounts_customer_unique').on(table.provider, table.customerId),
    check('billing_accounts_provider_valid', sql`${table.provider} in ('stripe', 'test')`),
  ],
);

/** Every webhook event received, once by its id (a replay is a no-op); processed by the job queue. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** An admin's test event from /webhook-test: recorded as the last event, applied to nobody. */
    test: boolean('test').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('billing_events_received_idx').on(table.receivedAt)],
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
    /** The document's owner: every owner-side query filters on it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentKind: text('document_kind', { enum: documentKinds }).notNull(),
    documentId: uuid('document_id').notNull(),
    documentVersion: integer('document_version').notNull(),
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
     * counts as a signature, and stays here and in the audit trail (issue 20).
     */
    setAsideAt: timestamp('set_aside_at', { withTimezone: true }),
  },
  (table) => [
    index('signature_requests_document_idx').on(table.documentKind, table.documentId, table.documentVersion),
    index('signature_requests_user_idx').on(table.userId, table.createdAt),
    check('signature_requests_kind_valid', sql`${table.documentKind} in ('certificate', 'swms', 'cover_sheet')`),
    check(
      'signature_requests_revoked_reason_valid',
      sql`(${table.revokedAt} is null) = (${table.revokedReason} is null) and ${table.revokedReason} in ('owner', 'new_version')`,
    ),
    check(
      'signature_requests_one_outcome',
      sql`not (${table.signedAt} is not null and ${table.declinedAt} is not null)`,
    ),
  ],
);

/**
 * Messages sent from /contact (PRODUCT.md, Contact). The row is committed before anything is mailed;
 * the job queue mails it to SUPPORT_EMAIL and sets `mailed_at`. Admins mark them handled.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/** The document kinds SWMS work is made of: a SWMS and the cover sheet handed over with it. */
export const safetyDocumentKinds = ['swms', 'cover_sheet'] as const;
export type SafetyDocumentKind = (typeof safetyDocumentKinds)[number];

/**
 * A SWMS or a cover sheet (ADR 0016): what does not change between its versions. `revision` counts
 * saves, for optimistic concurrency (a save names the revision it was made from); `current_version`
 * is the version edits go to. `ready` is the current version's readiness, kept for the list filter.
 */
export const safetyDocuments = pgTable(
  'safety_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: safetyDocumentKinds }).notNull(),
    /** Per user and kind, e.g. SWMS-2026-0001 or CS-2026-0001. */
    number: text('number').notNull(),
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
    unique('safety_documents_user_kind_number_unique').on(table.userId, table.kind, table.number),
    check('safety_documents_kind_valid', sql`${table.kind} in ('swms', 'cover_sheet')`),
    index('safety_documents_user_kind_created_idx').on(
      table.userId,
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

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
    kind: text('kind', { enum: documentKinds }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** When the version was issued (a certificate's completion or amendment); null while it may change. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The owner's reason for an amendment (version 2 on), as printed on it. */
    amendmentReason: text('amendment_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.version] }),
    check('document_versions_version_positive', sql`${table.version} >= 1`),
    check('document_versions_body_is_object', sql`jsonb_typeof(${table.body}) = 'object'`),
    check('document_versions_kind_valid', sql`${table.kind} in ('certificate', 'swms', 'cover_sheet')`),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentKind: text('document_kind', { enum: documentKinds }).notNull(),
    documentId: uuid('document_id').notNull(),
    documentVersion: integer('document_version').notNull(),
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
    check('site_sign_on_links_kind_valid', sql`${table.documentKind} in ('certificate', 'swms', 'cover_sheet')`),
    check('site_sign_on_links_max_sign_ons_valid', sql`${table.maxSignOns} between 1 and 200`),
  ],
);
