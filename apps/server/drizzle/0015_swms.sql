CREATE TABLE "safety_document_versions" (
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_document_versions_document_id_version_pk" PRIMARY KEY("document_id","version"),
	CONSTRAINT "safety_document_versions_version_positive" CHECK ("safety_document_versions"."version" >= 1),
	CONSTRAINT "safety_document_versions_body_is_object" CHECK (jsonb_typeof("safety_document_versions"."body") = 'object')
);
--> statement-breakpoint
CREATE TABLE "safety_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_documents_user_kind_number_unique" UNIQUE("user_id","kind","number"),
	CONSTRAINT "safety_documents_kind_valid" CHECK ("safety_documents"."kind" in ('swms', 'cover_sheet'))
);
--> statement-breakpoint
ALTER TABLE "safety_document_versions" ADD CONSTRAINT "safety_document_versions_document_id_safety_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."safety_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD CONSTRAINT "safety_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_documents_user_kind_created_idx" ON "safety_documents" USING btree ("user_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);