CREATE TABLE "entry_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone,
	"subsite_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_id_entries_id_fk" FOREIGN KEY ("id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_search_published" ON "entry_search" USING btree ("published_at","id");