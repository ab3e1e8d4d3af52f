ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secrets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Letters stored before sign-in links were marked: their links are masked, so no staff member reads a live one.
UPDATE "outbox" SET "text" = regexp_replace("text", 'https?://[^[:space:]]+/(auth/simple/recover\?token=|auth/magic\?token=|u/me/settings/email/|email/confirm/)[^[:space:]]+', '«ссылка скрыта»', 'g');
