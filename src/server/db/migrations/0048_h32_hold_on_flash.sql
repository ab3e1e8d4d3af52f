ALTER TABLE "entries" ADD COLUMN "hold_on_flash_until" timestamp with time zone;--> statement-breakpoint
UPDATE "entries" SET "hold_on_flash_until" = now() + interval '4 hours' WHERE "is_holdonflash";--> statement-breakpoint
ALTER TABLE "entries" DROP COLUMN "is_holdonflash";
