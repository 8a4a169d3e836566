ALTER TABLE "files" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_certificate_idx" ON "files" USING btree ("certificate_id");--> statement-breakpoint
-- Hand-written backfill: record where each photo is attached today. Should a photo already sit on
-- two certificates (the race this column closes), the oldest certificate keeps the claim.
UPDATE "files" SET "certificate_id" = "attached"."certificate_id"
FROM (
	SELECT DISTINCT ON ("photo"->>'file_id') "photo"->>'file_id' AS "file_id", "certificates"."id" AS "certificate_id"
	FROM "certificates", jsonb_array_elements("certificates"."photos") AS "photo"
	ORDER BY "photo"->>'file_id', "certificates"."created_at", "certificates"."id"
) AS "attached"
WHERE "files"."id"::text = "attached"."file_id" AND "files"."purpose" = 'photo';
