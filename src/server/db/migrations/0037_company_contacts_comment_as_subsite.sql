ALTER TABLE "comments" ADD COLUMN "as_subsite_id" integer;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "inn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "promotion_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_as_subsite_id_subsites_id_fk" FOREIGN KEY ("as_subsite_id") REFERENCES "public"."subsites"("id") ON DELETE set null ON UPDATE no action;