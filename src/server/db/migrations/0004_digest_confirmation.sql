ALTER TABLE "email_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Addresses subscribed before confirmation existed stay subscribed.
UPDATE "email_subscriptions" SET "confirmed_at" = "created_at";
