CREATE TABLE "comment_hashtags" (
	"comment_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "comment_hashtags_comment_id_tag_pk" PRIMARY KEY("comment_id","tag")
);
--> statement-breakpoint
CREATE TABLE "company_details" (
	"subsite_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"employees" integer,
	"founded_year" integer
);
--> statement-breakpoint
CREATE TABLE "daily_readers" (
	"day" integer PRIMARY KEY NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_hashtags" (
	"entry_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "entry_hashtags_entry_id_tag_pk" PRIMARY KEY("entry_id","tag")
);
--> statement-breakpoint
CREATE TABLE "hashtag_mutes" (
	"user_id" integer NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hashtag_mutes_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
ALTER TABLE "comment_hashtags" ADD CONSTRAINT "comment_hashtags_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_subsite_id_subsites_id_fk" FOREIGN KEY ("subsite_id") REFERENCES "public"."subsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_hashtags" ADD CONSTRAINT "entry_hashtags_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hashtag_mutes" ADD CONSTRAINT "hashtag_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_hashtags_tag" ON "comment_hashtags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "entry_hashtags_tag" ON "entry_hashtags" USING btree ("tag","entry_id");