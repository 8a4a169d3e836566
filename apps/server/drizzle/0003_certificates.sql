CREATE TABLE "certificate_number_sequences" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "certificate_number_sequences_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "completed_month" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "applicator" jsonb;--> statement-breakpoint
ALTER TABLE "certificate_number_sequences" ADD CONSTRAINT "certificate_number_sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_number_unique" UNIQUE("user_id","certificate_number");