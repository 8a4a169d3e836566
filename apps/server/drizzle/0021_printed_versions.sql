-- A SWMS or cover-sheet version is now issued when it is printed with its QR code, sent or signed
-- (issue 21). Until now the current version of a ready one verified as issued, because its PDF could
-- carry the QR code: those versions stay issued, as of their last change, so every paper copy
-- already handed out keeps its answer and the next edit makes a new version.
UPDATE "document_versions" SET "issued_at" = "document_versions"."updated_at"
  FROM "safety_documents"
  WHERE "safety_documents"."id" = "document_versions"."document_id"
    AND "document_versions"."version" = "safety_documents"."current_version"
    AND "safety_documents"."ready"
    AND "document_versions"."issued_at" IS NULL;
