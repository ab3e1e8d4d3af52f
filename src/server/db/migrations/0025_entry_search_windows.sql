-- Cheaper computed searches at 1M entries (docs/BENCHMARKS.md, «Search»): a two-word search fetched every match
-- from the heap (1 500–8 550 page visits) to keep the newest 400, then read those 400 vectors from TOAST to rank them.
--
-- `title_vector`: the title's part of the vector (weight A), kept in the heap row (MAIN: compressed if need be, moved
-- out of line only as a last resort), so ranking reads no TOAST. `week`: the publication week as a one-word vector,
-- the GIN index's second column, so a search takes its newest matches from the last weeks alone: an OR of week words
-- is intersected with the query's words inside the index (a range of a btree_gin column was tried and gathered
-- every entry of the range into a bitmap first: 12–52 ms for 96 days at 1M, against 2–6 ms for 14 week words).
-- One ALTER: the table is rewritten once.
ALTER TABLE "entry_search"
  ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (ts_filter(vector, '{a}')) STORED,
  ADD COLUMN "week" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', floor(extract(epoch from (published_at - timestamptz '2000-01-01 00:00:00+00')) / 604800)::int::text)) STORED,
  ALTER COLUMN "title_vector" SET STORAGE MAIN;
--> statement-breakpoint
DROP INDEX "entry_search_vector";
--> statement-breakpoint
-- With a short pending list, as before (migration 0017_search_pending_list: every search reads the list through).
CREATE INDEX "entry_search_vector" ON "entry_search" USING gin ("vector", "week") WITH (gin_pending_list_limit = 256);
