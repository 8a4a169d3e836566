ALTER TABLE "memberships" ADD COLUMN "seated_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_extra_seats_non_negative" CHECK ("subscribers"."extra_seats" >= 0);--> statement-breakpoint
-- Members seated before seats existed keep the order they joined in (ADR 0077, seats).
UPDATE "memberships" SET "seated_at" = "created_at";
