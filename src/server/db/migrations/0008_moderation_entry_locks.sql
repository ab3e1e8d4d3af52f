CREATE TABLE "entry_locks" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"by_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reason_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_locks" ADD CONSTRAINT "entry_locks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_locks" ADD CONSTRAINT "entry_locks_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;