-- A SWMS or cover-sheet version sent for signing, opened for site sign-on or sent as a copy before
-- every issuing act went through the issue step (ADR 0099) was issued by that act's row alone, its
-- issued_at left null. Each is dated by its first such act, so issued_at is when it was first issued
-- for every version. No audit event or webhook is made for them: history stays as it was.
UPDATE "document_versions" AS v
SET "issued_at" = issuing."first_at"
FROM (
  SELECT acts."kind", acts."document_id", acts."version", min(acts."at") AS "first_at"
  FROM (
    SELECT r."document_kind" AS "kind", r."document_id", r."document_version" AS "version", r."created_at" AS "at"
      FROM "signature_requests" AS r
    UNION ALL
    SELECT l."document_kind", l."document_id", l."document_version", l."created_at" FROM "site_sign_on_links" AS l
    UNION ALL
    SELECT s."document_kind", s."document_id", s."document_version", s."created_at" FROM "document_sends" AS s
  ) AS acts
  GROUP BY acts."kind", acts."document_id", acts."version"
) AS issuing
WHERE v."issued_at" IS NULL AND v."kind" = issuing."kind" AND v."document_id" = issuing."document_id"
  AND v."version" = issuing."version"
  -- A certificate's version is issued, and dated, by its completion (ADR 0094).
  AND EXISTS (SELECT 1 FROM "safety_documents" AS d WHERE d."id" = v."document_id" AND d."kind" = v."kind");
