ALTER TABLE "email_links" DROP CONSTRAINT "email_links_type_valid";--> statement-breakpoint
ALTER TABLE "email_links" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_new_email_only_for_change" CHECK (("email_links"."type" = 'email_change') = ("email_links"."new_email" is not null));--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_type_valid" CHECK ("email_links"."type" in ('signup', 'recovery', 'email_change'));