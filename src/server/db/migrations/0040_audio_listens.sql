CREATE TABLE "audio_listen_marks" (
	"entry_id" integer NOT NULL,
	"hash" varchar(16) NOT NULL,
	"visitor" varchar(80) NOT NULL,
	"day" integer NOT NULL,
	CONSTRAINT "audio_listen_marks_entry_id_hash_visitor_day_pk" PRIMARY KEY("entry_id","hash","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "audio_listens" (
	"entry_id" integer NOT NULL,
	"hash" varchar(16) NOT NULL,
	"listens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audio_listens_entry_id_hash_pk" PRIMARY KEY("entry_id","hash")
);
--> statement-breakpoint
ALTER TABLE "audio_listen_marks" ADD CONSTRAINT "audio_listen_marks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_listens" ADD CONSTRAINT "audio_listens_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_listen_marks_day" ON "audio_listen_marks" USING btree ("day");