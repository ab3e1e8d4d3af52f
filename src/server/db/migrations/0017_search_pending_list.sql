-- Search indexes keep a short GIN pending list. Rows rewritten by updates that are not HOT (a vote moves `hotness`,
-- which is indexed) park their vectors' entries in the list until VACUUM or the list's limit merges them, and every
-- search reads the whole list: at the default 4 MB, 500 pending pages made the match scan 3–23 ms instead of
-- 0.3 ms (docs/BENCHMARKS.md, «Search»). At 256 kB the writer that fills the list merges it (2 000 updated entries:
-- 0.14 → 0.25 s) and a search reads at most 32 pending pages.
ALTER INDEX "entries_search" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "comments_search" SET (gin_pending_list_limit = 256);
