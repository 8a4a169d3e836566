ALTER TABLE "subscribers" ADD COLUMN "subscription_provider" text;
--> statement-breakpoint
-- Subscriptions from before this column were bought through the provider of the user's billing account.
UPDATE "subscribers" SET "subscription_provider" = "billing_accounts"."provider" FROM "billing_accounts" WHERE "billing_accounts"."user_id" = "subscribers"."user_id" AND "subscribers"."subscribed";
