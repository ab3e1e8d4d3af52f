CREATE TABLE "payment_prepared_orders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_prepared_orders" ADD CONSTRAINT "payment_prepared_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;