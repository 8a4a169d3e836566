ALTER TABLE "safety_documents" DROP CONSTRAINT "safety_documents_user_kind_number_unique";--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" DROP CONSTRAINT "monthly_certificate_counts_user_month_unique";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_user_number_unique";--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "document_versions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "safety_documents" DROP CONSTRAINT "safety_documents_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "retired_ids" DROP CONSTRAINT "retired_ids_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "files_user_idx";--> statement-breakpoint
DROP INDEX "safety_documents_user_kind_created_idx";--> statement-breakpoint
DROP INDEX "retired_ids_user_idx";--> statement-breakpoint
DROP INDEX "certificates_user_created_idx";--> statement-breakpoint
ALTER TABLE "document_number_sequences" DROP CONSTRAINT "document_number_sequences_user_id_kind_year_pk";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_documents" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "retired_ids" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "retired_ids" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "business_id" uuid;--> statement-breakpoint
-- Every record becomes its maker's business's (ADR 0077): each account is the only member of its
-- own business until slice 5 lets people join, so this is a key change that keeps every row.
UPDATE "certificates" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "certificates"."user_id";--> statement-breakpoint
UPDATE "safety_documents" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "safety_documents"."user_id";--> statement-breakpoint
UPDATE "document_versions" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "document_versions"."user_id";--> statement-breakpoint
UPDATE "retired_ids" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "retired_ids"."user_id";--> statement-breakpoint
UPDATE "files" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "files"."user_id";--> statement-breakpoint
UPDATE "document_number_sequences" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "document_number_sequences"."user_id";--> statement-breakpoint
UPDATE "monthly_certificate_counts" SET "business_id" = "memberships"."business_id" FROM "memberships" WHERE "memberships"."user_id" = "monthly_certificate_counts"."user_id";--> statement-breakpoint
-- One numbering and one monthly count per business. Were two members' rows ever to meet, the
-- business keeps the highest number handed out (no number is given twice) and the sum of the counts.
DELETE FROM "document_number_sequences" AS "lower" USING "document_number_sequences" AS "higher"
WHERE "lower"."business_id" = "higher"."business_id" AND "lower"."kind" = "higher"."kind" AND "lower"."year" = "higher"."year"
	AND ("lower"."last_number", "lower"."user_id") < ("higher"."last_number", "higher"."user_id");--> statement-breakpoint
UPDATE "monthly_certificate_counts" SET "count" = "totals"."count"
FROM (SELECT "business_id", "month", sum("count")::int AS "count", min("id"::text)::uuid AS "kept_id"
	FROM "monthly_certificate_counts" GROUP BY "business_id", "month") AS "totals"
WHERE "monthly_certificate_counts"."id" = "totals"."kept_id";--> statement-breakpoint
DELETE FROM "monthly_certificate_counts" WHERE "id" NOT IN (
	SELECT min("id"::text)::uuid FROM "monthly_certificate_counts" GROUP BY "business_id", "month");--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_documents" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "retired_ids" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_number_sequences" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_number_sequences" DROP CONSTRAINT "document_number_sequences_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" DROP CONSTRAINT "monthly_certificate_counts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "document_number_sequences" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD CONSTRAINT "document_number_sequences_business_id_kind_year_pk" PRIMARY KEY("business_id","kind","year");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD CONSTRAINT "document_number_sequences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD CONSTRAINT "safety_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD CONSTRAINT "safety_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" ADD CONSTRAINT "monthly_certificate_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_ids" ADD CONSTRAINT "retired_ids_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_ids" ADD CONSTRAINT "retired_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_business_idx" ON "files" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "safety_documents_business_kind_created_idx" ON "safety_documents" USING btree ("business_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "retired_ids_business_idx" ON "retired_ids" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "certificates_business_created_idx" ON "certificates" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "certificates_business_maker_created_idx" ON "certificates" USING btree ("business_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "safety_documents" ADD CONSTRAINT "safety_documents_business_kind_number_unique" UNIQUE("business_id","kind","number");--> statement-breakpoint
ALTER TABLE "monthly_certificate_counts" ADD CONSTRAINT "monthly_certificate_counts_business_month_unique" UNIQUE("business_id","month");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_business_number_unique" UNIQUE("business_id","certificate_number");