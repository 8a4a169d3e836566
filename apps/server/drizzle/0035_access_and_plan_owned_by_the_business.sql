-- Signing, templates, API access and the plan belong to the business (ADR 0077, slice 3). Each
-- record takes its maker's business (every account has exactly one membership since 0032); the maker
-- stays in user_id, set null when they go, except an API token, which acts as its holder and goes with them.
ALTER TABLE "signature_requests" DROP CONSTRAINT "signature_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "site_sign_on_links" DROP CONSTRAINT "site_sign_on_links_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checklist_templates" DROP CONSTRAINT "checklist_templates_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "document_sends" DROP CONSTRAINT "document_sends_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "signature_requests_user_idx";--> statement-breakpoint
DROP INDEX "api_tokens_user_idx";--> statement-breakpoint
DROP INDEX "webhook_endpoints_user_idx";--> statement-breakpoint
DROP INDEX "checklist_templates_user_idx";--> statement-breakpoint
ALTER TABLE "signature_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_templates" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_sends" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- No default and no rewrite: the append-only trigger (ADR 0011) never fires and old rows keep null.
ALTER TABLE "audit_events" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "document_sends" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "signature_requests" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "site_sign_on_links" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "document_sends" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "checklist_templates" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "api_tokens" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "webhook_endpoints" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
-- The plan is the business's: its owner's record and provider account (every account owns its
-- business until members join). A record kept under an email without an account keeps no business.
UPDATE "subscribers" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
UPDATE "billing_accounts" t SET "business_id" = m."business_id" FROM "memberships" m WHERE m."user_id" = t."user_id";--> statement-breakpoint
ALTER TABLE "signature_requests" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_sends" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_templates" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_user_id_unique";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_pkey";--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD PRIMARY KEY ("business_id");--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD CONSTRAINT "site_sign_on_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_sign_on_links" ADD CONSTRAINT "site_sign_on_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_business_idx" ON "signature_requests" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "api_tokens_business_idx" ON "api_tokens" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_business_idx" ON "webhook_endpoints" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "checklist_templates_business_idx" ON "checklist_templates" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_business_id_unique" UNIQUE("business_id");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_business_with_user" CHECK (("subscribers"."business_id" is null) = ("subscribers"."user_id" is null));
