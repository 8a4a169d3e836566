ALTER TABLE "signature_requests" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD COLUMN "max_sign_ons" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD CONSTRAINT "site_sign_on_links_max_sign_ons_valid" CHECK ("site_sign_on_links"."max_sign_ons" between 1 and 200);