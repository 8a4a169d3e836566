ALTER TABLE "safety_documents" DROP CONSTRAINT "safety_documents_business_kind_number_unique";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_business_number_unique";--> statement-breakpoint
ALTER TABLE "safety_documents" ADD COLUMN "numbered_in" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "numbered_in" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_documents_numbered_in_kind_number_unique" ON "safety_documents" USING btree (coalesce("numbered_in", "business_id"),"kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_numbered_in_number_unique" ON "certificates" USING btree (coalesce("numbered_in", "business_id"),"certificate_number");