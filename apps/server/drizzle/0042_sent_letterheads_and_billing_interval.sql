ALTER TABLE "billing_accounts" ADD COLUMN "interval" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_interval_valid" CHECK ("billing_accounts"."interval" in ('monthly', 'yearly'));--> statement-breakpoint
-- A SWMS or cover-sheet version sent to a builder before sending issued it (ADR 0088, amended) has
-- no frozen letterhead: 0039 froze the versions printed, sent for signing or opened for site
-- sign-on, not those with only a copy sent. Each gets the letterhead it prints today, read as 0039
-- reads it (the maker while they are a member, else the owner), so the builder's link stops
-- following later renames.
UPDATE "document_versions" AS v
SET "issuer" = jsonb_build_object(
    'company_name', coalesce(issuing.company_name, ''),
    'company_abn', coalesce(issuing.company_abn, ''),
    'company_address', coalesce(issuing.company_address, ''),
    'company_phone', coalesce(issuing.company_phone, ''),
    'company_email', coalesce(issuing.company_email, ''),
    'logo_file_id', issuing.logo_file_id,
    'applicator_name', coalesce(issuing.applicator_name, ''),
    'signature_file_id', issuing.signature_file_id,
    'time_zone', coalesce(issuing.time_zone, 'Australia/Sydney')
  ) || CASE
    WHEN issuing.member_count > 1 AND coalesce(issuing.applicator_name, '') <> ''
      THEN jsonb_build_object('issued_by', issuing.applicator_name)
    ELSE '{}'::jsonb
  END
FROM "safety_documents" AS d
LEFT JOIN LATERAL (
  SELECT b."company_name", b."company_abn", b."company_address", b."company_phone", b."company_email",
    b."logo_file_id", b."time_zone", p."applicator_name", p."signature_file_id",
    (SELECT count(*) FROM "memberships" AS everyone WHERE everyone."business_id" = m."business_id") AS member_count
  FROM "memberships" AS m
  JOIN "businesses" AS b ON b."id" = m."business_id"
  LEFT JOIN "profiles" AS p ON p."id" = m."user_id"
  WHERE m."business_id" = d."business_id" AND (m."user_id" = d."user_id" OR m."role" = 'owner')
  ORDER BY coalesce(m."user_id" = d."user_id", false) DESC
  LIMIT 1
) AS issuing ON true
WHERE d."id" = v."document_id" AND d."kind" = v."kind" AND v."issuer" IS NULL
  AND EXISTS (
    SELECT 1 FROM "document_sends" AS s
    WHERE s."document_kind" = v."kind" AND s."document_id" = v."document_id" AND s."document_version" = v."version"
  );
