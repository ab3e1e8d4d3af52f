CREATE TABLE "comment_pins" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_pins_comment_id_unique" UNIQUE("comment_id")
);
--> statement-breakpoint
ALTER TABLE "comment_pins" ADD CONSTRAINT "comment_pins_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_pins" ADD CONSTRAINT "comment_pins_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_pins" ADD CONSTRAINT "comment_pins_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;