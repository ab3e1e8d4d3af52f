-- analytics_events becomes a table partitioned by UTC day on "at" (issue 30 point 4): the task analytics.partitions
-- makes days ahead and drops the days past 30 (a DROP instead of a DELETE). A partitioned table's key must hold its
-- partition column, hence (id, at). Existing rows are kept: copied into the new table, then the old one goes.
DROP INDEX "analytics_events_at";--> statement-breakpoint
DROP INDEX "analytics_events_unit";--> statement-breakpoint
ALTER TABLE "analytics_events" RENAME TO "analytics_events_old";--> statement-breakpoint
ALTER TABLE "analytics_events_old" RENAME CONSTRAINT "analytics_events_pkey" TO "analytics_events_old_pkey";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint DEFAULT nextval('analytics_events_id_seq') NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"distribution_id" integer,
	"entry_id" integer,
	"place" text,
	"user_id" integer,
	"reader" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "analytics_events_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER SEQUENCE "analytics_events_id_seq" OWNED BY "analytics_events"."id";--> statement-breakpoint
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  d date;
BEGIN
  d := least(today, greatest(today - 30,
    coalesce((SELECT (min("at") AT TIME ZONE 'UTC')::date FROM "analytics_events_old"), today)));
  WHILE d <= today + 7 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
      'analytics_events_p' || to_char(d, 'YYYYMMDD'), d::text || ' 00:00:00+00', (d + 1)::text || ' 00:00:00+00');
    d := d + 1;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "analytics_events_at" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_unit" ON "analytics_events" USING btree ("distribution_id","at");--> statement-breakpoint
CREATE INDEX "analytics_events_entry" ON "analytics_events" USING btree ("entry_id","at");--> statement-breakpoint
INSERT INTO "analytics_events" SELECT * FROM "analytics_events_old";--> statement-breakpoint
DROP TABLE "analytics_events_old";
