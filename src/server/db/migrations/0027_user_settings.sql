CREATE TABLE "user_settings" (
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "user_settings_user_id_module_pk" PRIMARY KEY("user_id","module")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- users.settings was one bag merged by four modules; each module's keys move to its own row.
INSERT INTO "user_settings" ("user_id", "module", "value")
SELECT "id", m."module", m."value" FROM "users" u
CROSS JOIN LATERAL (VALUES
  ('subsites', jsonb_strip_nulls(jsonb_build_object('feed_sorting', u."settings" -> 'feed_sorting'))),
  ('discovery', jsonb_strip_nulls(jsonb_build_object('subsites_tuned', u."settings" -> 'subsites_tuned', 'recent_last_seen', u."settings" -> 'recent_last_seen'))),
  ('adult', jsonb_strip_nulls(jsonb_build_object('is_adult', u."settings" -> 'is_adult', 'is_blur_nsfw', u."settings" -> 'is_blur_nsfw'))),
  ('profile', jsonb_strip_nulls(jsonb_build_object('gender', u."settings" -> 'gender'))),
  ('notifications', CASE WHEN jsonb_typeof(u."settings" -> 'notifications') = 'object' THEN u."settings" -> 'notifications' ELSE '{}'::jsonb END),
  ('messenger', CASE WHEN jsonb_typeof(u."settings" -> 'messenger') = 'object' THEN u."settings" -> 'messenger' ELSE '{}'::jsonb END)
) AS m("module", "value")
WHERE m."value" <> '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "settings";