ALTER TABLE "certificates" ADD COLUMN "pdf_cached_fingerprint" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "print_key" text;