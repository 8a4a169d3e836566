ALTER TABLE "certificates" DROP CONSTRAINT "certificates_status_valid";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_before_issue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_valid" CHECK ("certificates"."status" in ('draft', 'in_review', 'completed'));