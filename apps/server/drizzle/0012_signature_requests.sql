CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version" integer NOT NULL,
	"fingerprint_at_send" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text,
	"signer_role" text,
	"signer_company" text,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"signature_file_id" uuid,
	"fingerprint_at_sign" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "signature_requests_kind_valid" CHECK ("signature_requests"."document_kind" in ('certificate', 'swms', 'cover_sheet')),
	CONSTRAINT "signature_requests_revoked_reason_valid" CHECK (("signature_requests"."revoked_at" is null) = ("signature_requests"."revoked_reason" is null) and "signature_requests"."revoked_reason" in ('owner', 'new_version')),
	CONSTRAINT "signature_requests_one_outcome" CHECK (not ("signature_requests"."signed_at" is not null and "signature_requests"."declined_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "document_number_sequences" DROP CONSTRAINT "document_number_sequences_kind_valid";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("document_kind","document_id","document_version");--> statement-breakpoint
CREATE INDEX "signature_requests_user_idx" ON "signature_requests" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD CONSTRAINT "document_number_sequences_kind_valid" CHECK ("document_number_sequences"."kind" in ('certificate', 'swms', 'cover_sheet'));