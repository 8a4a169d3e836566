ALTER TABLE "signature_requests" ADD COLUMN "signature_method" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_signature_method_valid" CHECK ("signature_requests"."signature_method" in ('drawn', 'typed', 'uploaded'));--> statement-breakpoint
-- Every signature before the choice was drawn (issue 30).
UPDATE "signature_requests" SET "signature_method" = 'drawn' WHERE "signed_at" IS NOT NULL;