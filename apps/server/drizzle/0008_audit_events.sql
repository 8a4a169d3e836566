CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"type" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"data" jsonb NOT NULL,
	CONSTRAINT "audit_events_actor_valid" CHECK (("audit_events"."actor_kind" = 'user') = ("audit_events"."actor_user_id" is not null) and "audit_events"."actor_kind" in ('user', 'signer', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_kind","subject_id","occurred_at");