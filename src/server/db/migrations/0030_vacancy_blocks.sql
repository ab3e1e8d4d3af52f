ALTER TABLE "vacancies" ADD COLUMN "description_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Former plain descriptions become one paragraph block: the text escaped as HTML, its line breaks as <br>.
UPDATE "vacancies" SET "description_blocks" = jsonb_build_array(jsonb_build_object('type', 'text', 'data',
  jsonb_build_object('text', replace(replace(replace(replace(trim("description"), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '<br>'))));
