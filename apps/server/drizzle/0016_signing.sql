CREATE TABLE "site_sign_on_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version" integer NOT NULL,
	"token_hash" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "site_sign_on_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "site_sign_on_links_kind_valid" CHECK ("site_sign_on_links"."document_kind" in ('certificate', 'swms', 'cover_sheet'))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_valid";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "expiry_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "site_link_id" uuid;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD CONSTRAINT "site_sign_on_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_sign_on_links_document_idx" ON "site_sign_on_links" USING btree ("document_kind","document_id","document_version");--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_site_link_id_site_sign_on_links_id_fk" FOREIGN KEY ("site_link_id") REFERENCES "public"."site_sign_on_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_valid" CHECK ("files"."purpose" in ('logo', 'signature', 'photo', 'signer_signature'));