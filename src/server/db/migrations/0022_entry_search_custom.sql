-- Entry search moves from `entries.search_vector` (a generated column) to `entry_search` (schema.ts): the GIN index's
-- matches point into a narrow heap that stays in memory instead of the ~1 GB entries heap, where a search visited
-- 4 200–13 900 pages per pair of words at 1M entries (docs/BENCHMARKS.md, «Search»).
--
-- The text and the vector are stored out of line and uncompressed: a row the toaster handles (over 2 KB, that is
-- any entry of more than a few sentences) keeps about 80 bytes in the heap, and ts_rank / ts_headline read the
-- values of the page's rows only, without decompressing them.
ALTER TABLE "entry_search" SET (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "entry_search" ALTER COLUMN "body" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "entry_search" ALTER COLUMN "vector" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- The search copy follows every write of an entry, by any module, in its statement's transaction: a published, not
-- removed entry has its row, any other has none. The vector and the text are computed again only when the title or
-- the blocks change or the entry becomes visible; a vote or a hotness refresh does not fire the trigger at all.
CREATE FUNCTION entry_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  body text;
BEGIN
  IF NOT (NEW.is_published AND NOT NEW.removed) THEN
    DELETE FROM entry_search WHERE id = NEW.id;
  ELSIF TG_OP = 'INSERT' OR NOT (OLD.is_published AND NOT OLD.removed)
        OR NEW.title IS DISTINCT FROM OLD.title OR NEW.blocks IS DISTINCT FROM OLD.blocks THEN
    body := search_entry_text(NEW.blocks);
    INSERT INTO entry_search (id, published_at, subsite_id, author_id, body, vector)
    VALUES (NEW.id, NEW.published_at, NEW.subsite_id, NEW.author_id, body,
            -- Title weighs A, text B (ts_rank: 1.0 against 0.4).
            setweight(to_tsvector('russian'::regconfig, coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('russian'::regconfig, body), 'B'))
    ON CONFLICT (id) DO UPDATE SET published_at = excluded.published_at, subsite_id = excluded.subsite_id,
                                   author_id = excluded.author_id, body = excluded.body, vector = excluded.vector;
  ELSIF (NEW.published_at, NEW.subsite_id, NEW.author_id)
        IS DISTINCT FROM (OLD.published_at, OLD.subsite_id, OLD.author_id) THEN
    UPDATE entry_search SET published_at = NEW.published_at, subsite_id = NEW.subsite_id, author_id = NEW.author_id
     WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entry_search_write
  AFTER INSERT OR UPDATE OF title, blocks, is_published, removed, published_at, subsite_id, author_id ON entries
  FOR EACH ROW EXECUTE FUNCTION entry_search_write();
--> statement-breakpoint
-- The existing entries (the trigger's lock keeps writers out until this commits): the stored vectors are copied.
INSERT INTO entry_search (id, published_at, subsite_id, author_id, body, vector)
SELECT id, published_at, subsite_id, author_id, search_entry_text(blocks), search_vector
  FROM entries WHERE is_published AND NOT removed;
--> statement-breakpoint
-- Built after the copy (faster than growing it row by row), with a short pending list (migration
-- 0017_search_pending_list: every search reads the list through).
CREATE INDEX "entry_search_vector" ON "entry_search" USING gin ("vector") WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER TABLE "entries" DROP COLUMN "search_vector";
