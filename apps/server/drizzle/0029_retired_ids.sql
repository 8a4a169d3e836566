CREATE TABLE "retired_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retired_ids_kind_valid" CHECK ("retired_ids"."kind" in ('certificate', 'photo'))
);
--> statement-breakpoint
ALTER TABLE "retired_ids" ADD CONSTRAINT "retired_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_ids_user_idx" ON "retired_ids" USING btree ("user_id");