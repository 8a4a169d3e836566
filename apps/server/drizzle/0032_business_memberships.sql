CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_business_id_user_id_pk" PRIMARY KEY("business_id","user_id"),
	CONSTRAINT "memberships_role_valid" CHECK ("memberships"."role" in ('owner', 'office', 'field'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_unique" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_unique" ON "memberships" USING btree ("business_id") WHERE "memberships"."role" = 'owner';--> statement-breakpoint
-- Every existing account becomes the owner of a business of its own (ADR 0077). The business ids
-- are new, never the user's, so code that mixes the two cannot pass for solo users.
WITH "owners" AS (
	SELECT "id" AS "user_id", gen_random_uuid() AS "business_id", "created_at" FROM "users"
), "made" AS (
	INSERT INTO "businesses" ("id", "created_at") SELECT "business_id", "created_at" FROM "owners"
)
INSERT INTO "memberships" ("business_id", "user_id", "role", "created_at")
SELECT "business_id", "user_id", 'owner', "created_at" FROM "owners";
