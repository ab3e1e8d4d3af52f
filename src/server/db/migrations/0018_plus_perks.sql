CREATE TABLE "plus_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hide_ads" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "is_hidden_for_plus" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "plus_settings" ADD CONSTRAINT "plus_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_order_id_unique" UNIQUE("order_id");