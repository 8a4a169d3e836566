CREATE TABLE "document_number_sequences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_number_sequences_user_id_kind_year_pk" PRIMARY KEY("user_id","kind","year"),
	CONSTRAINT "document_number_sequences_kind_valid" CHECK ("document_number_sequences"."kind" in ('certificate'))
);
--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD CONSTRAINT "document_number_sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Certificate numbers carry on where each user's sequence stopped.
INSERT INTO "document_number_sequences" ("user_id", "kind", "year", "last_number")
	SELECT "user_id", 'certificate', "year", "last_number" FROM "certificate_number_sequences";--> statement-breakpoint
DROP TABLE "certificate_number_sequences" CASCADE;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "signature_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The paths stored were /api/files/{id}: keep the id when it names a file the user owns.
UPDATE "profiles" SET
	"logo_file_id" = (SELECT "files"."id" FROM "files" WHERE "files"."user_id" = "profiles"."id"
		AND "files"."id"::text = substring("profiles"."logo_url" from '^/api/files/([0-9a-f-]{36})$')),
	"signature_file_id" = (SELECT "files"."id" FROM "files" WHERE "files"."user_id" = "profiles"."id"
		AND "files"."id"::text = substring("profiles"."signature_url" from '^/api/files/([0-9a-f-]{36})$'));--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "signature_url";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "logo_url";--> statement-breakpoint
-- The PDF cache is keyed by content fingerprint in file storage now.
ALTER TABLE "certificates" DROP COLUMN "pdf_cached_fingerprint";--> statement-breakpoint
-- Deleting is permanent (ADR 0010): nothing wrote the 'deleted' status, and no row may carry it.
DELETE FROM "certificates" WHERE "status" = 'deleted';--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_status_valid";--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_valid" CHECK ("certificates"."status" in ('draft', 'completed'));
