CREATE TABLE "comments_seen" (
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_seen_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "entry_hides" (
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_hides_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "hit_marks" (
	"entry_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" integer NOT NULL,
	CONSTRAINT "hit_marks_entry_id_visitor_day_pk" PRIMARY KEY("entry_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "is_hidden_from_main" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subsites" ADD COLUMN "is_open_for_posting" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subsites" ADD COLUMN "rating" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "comments_seen" ADD CONSTRAINT "comments_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments_seen" ADD CONSTRAINT "comments_seen_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_hides" ADD CONSTRAINT "entry_hides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_hides" ADD CONSTRAINT "entry_hides_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hit_marks" ADD CONSTRAINT "hit_marks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_seen_updated" ON "comments_seen" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "favorites_user_created" ON "favorites" USING btree ("user_id","target_type","created_at");--> statement-breakpoint
CREATE INDEX "hit_marks_day" ON "hit_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "comments_reply_to" ON "comments" USING btree ("reply_to");--> statement-breakpoint
CREATE INDEX "entries_subsite_hotness" ON "entries" USING btree ("subsite_id","hotness","id") WHERE is_published and not removed;--> statement-breakpoint
CREATE INDEX "entries_top" ON "entries" USING btree ("likes_summ","id") WHERE is_published and not removed;