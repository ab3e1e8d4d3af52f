CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_kind_target_id_day_event_type_pk" PRIMARY KEY("kind","target_id","day","event_type")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"distribution_id" integer,
	"entry_id" integer,
	"place" text,
	"user_id" integer,
	"reader" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "entry_id" integer;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "paid_from" text;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "paid_subsite_id" integer;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_events_at" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_unit" ON "analytics_events" USING btree ("distribution_id","at");--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_paid_subsite_id_subsites_id_fk" FOREIGN KEY ("paid_subsite_id") REFERENCES "public"."subsites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributions_owner" ON "distributions" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_one_booster" ON "distributions" USING btree ("entry_id") WHERE "distributions"."entry_id" is not null and "distributions"."settled_at" is null;