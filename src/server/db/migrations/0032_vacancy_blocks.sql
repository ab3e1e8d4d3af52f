ALTER TABLE "vacancies" ADD COLUMN "description_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Former plain descriptions become one paragraph block: the text escaped as HTML, its line breaks as <br>.
UPDATE "vacancies" SET "description_blocks" = jsonb_build_array(jsonb_build_object('type', 'text', 'data',
  jsonb_build_object('text', replace(replace(replace(replace(trim("description"), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '<br>'))));--> statement-breakpoint
CREATE INDEX "vacancies_town_published" ON "vacancies" USING btree ("town_id","published_at","id") WHERE state = 'published';--> statement-breakpoint
CREATE INDEX "vacancies_remote_published" ON "vacancies" USING btree ("published_at","id") WHERE state = 'published' and is_remote;--> statement-breakpoint
CREATE INDEX "vacancies_specialisation_published" ON "vacancies" USING btree ("specialisation","published_at","id") WHERE state = 'published';