ALTER TABLE "safety_document_versions" RENAME TO "document_versions";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "safety_document_versions_version_positive";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "safety_document_versions_body_is_object";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "safety_document_versions_document_id_safety_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "safety_document_versions_document_id_version_pk";--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_version_pk" PRIMARY KEY("document_id","version");--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "amended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "amendment_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Every version so far is a SWMS's or a cover sheet's: each takes its document's kind and owner.
UPDATE "document_versions" SET "kind" = "safety_documents"."kind", "user_id" = "safety_documents"."user_id" FROM "safety_documents" WHERE "safety_documents"."id" = "document_versions"."document_id";--> statement-breakpoint
ALTER TABLE "document_versions" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "amendment_reason" text;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_version_positive" CHECK ("certificates"."version" >= 1);--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_version_positive" CHECK ("document_versions"."version" >= 1);--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_body_is_object" CHECK (jsonb_typeof("document_versions"."body") = 'object');--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_kind_valid" CHECK ("document_versions"."kind" in ('certificate', 'swms', 'cover_sheet'));