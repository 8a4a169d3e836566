ALTER TABLE "profiles" DROP CONSTRAINT "profiles_logo_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_email" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_abn" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "common_materials" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'Australia/Sydney' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each business takes its owner's company profile (ADR 0077, ADR 0078); a business whose owner has
-- no profile keeps the defaults, as the profile API would have shown them.
UPDATE "businesses" SET
	"company_name" = "profiles"."company_name",
	"company_address" = "profiles"."company_address",
	"company_email" = "profiles"."company_email",
	"company_phone" = "profiles"."company_phone",
	"company_abn" = "profiles"."company_abn",
	"licence_number" = "profiles"."licence_number",
	"logo_file_id" = "profiles"."logo_file_id",
	"common_materials" = "profiles"."common_materials",
	"time_zone" = "profiles"."time_zone"
FROM "memberships" JOIN "profiles" ON "profiles"."id" = "memberships"."user_id"
WHERE "memberships"."business_id" = "businesses"."id" AND "memberships"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_address";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_email";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_phone";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_abn";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "licence_number";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "logo_file_id";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "common_materials";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "time_zone";