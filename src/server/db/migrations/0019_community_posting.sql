CREATE TABLE "entry_stats" (
	"entry_id" integer NOT NULL,
	"day" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_stats_entry_id_day_pk" PRIMARY KEY("entry_id","day")
);
--> statement-breakpoint
ALTER TABLE "subsites" ADD COLUMN "posting" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "subsites" ADD COLUMN "is_moderated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_stats" ADD CONSTRAINT "entry_stats_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "subsites" SET "posting" = 'authors' WHERE NOT "is_open_for_posting";
