ALTER TABLE "document_sends" DROP CONSTRAINT "document_sends_kind_valid";--> statement-breakpoint
ALTER TABLE "safety_documents" DROP CONSTRAINT "safety_documents_kind_valid";--> statement-breakpoint
ALTER TABLE "document_number_sequences" DROP CONSTRAINT "document_number_sequences_kind_valid";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "document_versions_kind_valid";--> statement-breakpoint
ALTER TABLE "signature_requests" DROP CONSTRAINT "signature_requests_kind_valid";--> statement-breakpoint
ALTER TABLE "site_sign_on_links" DROP CONSTRAINT "site_sign_on_links_kind_valid";