CREATE TABLE "document_kinds" (
	"kind" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The kinds before this migration; the server registers every declared kind again on each start.
INSERT INTO "document_kinds" ("kind") VALUES ('certificate'), ('swms'), ('cover_sheet');--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_document_kind_document_kinds_kind_fk" FOREIGN KEY ("document_kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_number_sequences" ADD CONSTRAINT "document_number_sequences_kind_document_kinds_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_kind_document_kinds_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_documents" ADD CONSTRAINT "safety_documents_kind_document_kinds_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_kind_document_kinds_kind_fk" FOREIGN KEY ("document_kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD CONSTRAINT "site_sign_on_links_document_kind_document_kinds_kind_fk" FOREIGN KEY ("document_kind") REFERENCES "public"."document_kinds"("kind") ON DELETE no action ON UPDATE no action;