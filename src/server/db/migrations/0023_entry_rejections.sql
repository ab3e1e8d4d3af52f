CREATE TABLE "entry_rejections" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"subsite_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_rejections" ADD CONSTRAINT "entry_rejections_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_rejections" ADD CONSTRAINT "entry_rejections_subsite_id_subsites_id_fk" FOREIGN KEY ("subsite_id") REFERENCES "public"."subsites"("id") ON DELETE cascade ON UPDATE no action;