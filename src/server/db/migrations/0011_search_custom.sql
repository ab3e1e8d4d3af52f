-- Full-text search (search module): stored, indexed search vectors kept by PostgreSQL itself, so every write of an
-- entry or a comment updates its vector in the same statement and transaction; trigram indexes for names with typos.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The readable text of an entry's blocks, in block order: text, headers, lists, quotes, captions, titles; code and
-- ids/urls left out; inline HTML tags dropped and the entities the sanitizer writes turned back into characters.
CREATE OR REPLACE FUNCTION search_entry_text(blocks jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(
           regexp_replace(coalesce(string_agg(t, E'\n' ORDER BY n), ''), '<[^>]*>', ' ', 'g'),
           '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
    FROM (
      SELECT n, CASE b->>'type'
        WHEN 'code' THEN NULL
        WHEN 'list' THEN (SELECT string_agg(i #>> '{}', E'\n') FROM jsonb_array_elements(
                            CASE jsonb_typeof(b->'data'->'items') WHEN 'array' THEN b->'data'->'items' ELSE '[]'::jsonb END) i)
        WHEN 'media' THEN (SELECT string_agg(coalesce(i->>'title', '') || ' ' || coalesce(i->>'author', ''), E'\n')
                             FROM jsonb_array_elements(
                               CASE jsonb_typeof(b->'data'->'items') WHEN 'array' THEN b->'data'->'items' ELSE '[]'::jsonb END) i)
        ELSE coalesce(b->'data'->>'title', '') || ' ' || coalesce(b->'data'->>'text', '') || ' ' ||
             coalesce(b->'data'->>'caption', '') || ' ' || coalesce(b->'data'->>'description', '') || ' ' ||
             coalesce(b->'data'->>'name', '')
        END AS t
        FROM jsonb_array_elements(CASE jsonb_typeof(blocks) WHEN 'array' THEN blocks ELSE '[]'::jsonb END)
             WITH ORDINALITY AS x(b, n)
    ) s
$$;
--> statement-breakpoint
-- Title weighs A, text B (ts_rank: 1.0 against 0.4).
ALTER TABLE "entries" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('russian'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('russian'::regconfig, search_entry_text("blocks")), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "entries_search" ON "entries" USING gin ("search_vector") WHERE "is_published" AND NOT "removed";
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('russian'::regconfig, "text")
) STORED;
--> statement-breakpoint
CREATE INDEX "comments_search" ON "comments" USING gin ("search_vector") WHERE NOT "removed";
--> statement-breakpoint
CREATE INDEX "subsites_name_trgm" ON "subsites" USING gin (lower("name") gin_trgm_ops);
