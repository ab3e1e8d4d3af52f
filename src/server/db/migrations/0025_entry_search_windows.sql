-- Cheaper computed searches at 1M entries (docs/BENCHMARKS.md, «Search»): a two-word search fetched every match
-- from the heap (1 500–8 550 page visits) to keep the newest 400, then read those 400 vectors from TOAST to rank them.
--
-- `title_vector`: the title's part of the vector (weight A), kept in the heap row (MAIN: compressed if need be, never
-- moved out of line but as a last resort), so ranking reads no TOAST. `day`: the publication day, the GIN index's
-- second column (btree_gin), so a search can take its newest matches from the last days alone.
-- One ALTER: the table is rewritten once.
ALTER TABLE "entry_search"
  ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (ts_filter(vector, '{a}')) STORED,
  ADD COLUMN "day" integer GENERATED ALWAYS AS (floor(extract(epoch from (published_at - timestamptz '2000-01-01 00:00:00+00')) / 86400)::int) STORED,
  ALTER COLUMN "title_vector" SET STORAGE MAIN;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "entry_search_vector";
--> statement-breakpoint
-- With a short pending list, as before (migration 0017_search_pending_list: every search reads the list through).
CREATE INDEX "entry_search_vector" ON "entry_search" USING gin ("vector", "day") WITH (gin_pending_list_limit = 256);
