CREATE TABLE "quiz_votes" (
	"quiz_hash" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"items" text[] NOT NULL,
	"device_token" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_votes_quiz_hash_user_id_pk" PRIMARY KEY("quiz_hash","user_id")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"hash" varchar(16) PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"items" text[] NOT NULL,
	"is_multiple" boolean DEFAULT false NOT NULL,
	"is_results_before" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_votes" ADD CONSTRAINT "quiz_votes_quiz_hash_quizzes_hash_fk" FOREIGN KEY ("quiz_hash") REFERENCES "public"."quizzes"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_votes" ADD CONSTRAINT "quiz_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_votes_user" ON "quiz_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quizzes_entry" ON "quizzes" USING btree ("entry_id");