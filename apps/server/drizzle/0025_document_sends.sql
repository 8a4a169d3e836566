CREATE TABLE "document_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"message" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached" boolean,
	"opened_at" timestamp with time zone,
	CONSTRAINT "document_sends_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "document_sends_kind_valid" CHECK ("document_sends"."document_kind" in ('certificate', 'swms', 'cover_sheet'))
);
--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_sends_document_idx" ON "document_sends" USING btree ("document_kind","document_id","created_at");