CREATE TABLE "subsite_join_requests" (
	"subsite_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsite_join_requests_subsite_id_user_id_pk" PRIMARY KEY("subsite_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "subsites" ADD COLUMN "plus_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subsite_join_requests" ADD CONSTRAINT "subsite_join_requests_subsite_id_subsites_id_fk" FOREIGN KEY ("subsite_id") REFERENCES "public"."subsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsite_join_requests" ADD CONSTRAINT "subsite_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subsite_join_requests_user" ON "subsite_join_requests" USING btree ("user_id");