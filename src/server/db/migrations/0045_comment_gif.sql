CREATE TABLE "media_uploads" (
	"uuid" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_uuid_user_id_pk" PRIMARY KEY("uuid","user_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "attach_uuid" text;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uuid_media_uuid_fk" FOREIGN KEY ("uuid") REFERENCES "public"."media"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_attach_uuid_media_uuid_fk" FOREIGN KEY ("attach_uuid") REFERENCES "public"."media"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Uploads made before this table: their first uploader.
INSERT INTO "media_uploads" ("uuid", "user_id") SELECT "uuid", "uploader_id" FROM "media" WHERE "uploader_id" IS NOT NULL ON CONFLICT DO NOTHING;
