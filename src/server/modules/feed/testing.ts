import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FeedPage } from '../../../shared/feed.ts';
import { entries, subsites } from '../../db/schema.ts';
import { Visitor, type TestApp } from '../../testing/harness.ts';
import { refreshEntryHotness } from './ranking.ts';

/** Test data for feed tests, written straight to the database as an editor or the seed would. */
export function feedFixtures(t: TestApp) {
  const db = t.database.db;
  let seq = 0;
  const hoursAgo = (h: number) => new Date(t.clock.now.getTime() - h * 3600_000);

  return {
    hoursAgo,
    async reader() {
      const v = new Visitor(t.app);
      const { user } = await v.register();
      return { v, id: (user as { id: number }).id };
    },
    async community(values: Partial<typeof subsites.$inferInsert> = {}) {
      seq += 1;
      const [row] = await db
        .insert(subsites)
        .values({
          type: 'community',
          slug: `feed-community-${seq}-${Date.now()}`,
          name: `Сообщество ${seq}`,
          ...values,
        })
        .returning();
      return row;
    },
    /** A published entry with its hotness computed, as a vote or the batch refresh would leave it. */
    async entry(values: { subsiteId: number; authorId: number } & Partial<typeof entries.$inferInsert>) {
      seq += 1;
      const publishedAt = values.publishedAt ?? t.clock.now;
      const [row] = await db
        .insert(entries)
        .values({
          title: `Запись ${seq}`,
          slug: `zapis-${seq}`,
          isPublished: true,
          blocks: [{ type: 'text', data: { text: `Вступление записи ${seq}` } }],
          ...values,
          publishedAt,
        })
        .returning({ id: entries.id });
      await refreshEntryHotness({ db }, row.id);
      return row.id;
    },
    async setCounters(id: number, values: { likesSumm?: number; commentsCount?: number }) {
      await db
        .update(entries)
        .set(values)
        .where(sql`${entries.id} = ${id}`);
      await refreshEntryHotness({ db }, id);
    },
  };
}

/** Reads one page and checks the envelope. */
export async function feedPage(v: Visitor, query: string): Promise<FeedPage> {
  const res = await v.get(`/v3.0/feed?${query}`);
  expect(res.json(), res.body).toMatchObject({ rc: 200, rm: '' });
  return res.json().data as FeedPage;
}

/**
 * Walks a feed to its end with cursors; `between` runs after every page (to insert or vote mid-walk).
 * With `exclude`, the ids already seen travel in exclude_ids, as the web client sends them.
 */
export async function walkFeed(
  v: Visitor,
  query: string,
  opts: { count?: number; exclude?: boolean; between?: (page: number) => Promise<void> } = {},
) {
  const seen: number[] = [];
  let cursor = '';
  for (let i = 0; i < 1000; i++) {
    const excl = opts.exclude && seen.length ? `&exclude_ids=${seen.slice(-500).join(',')}` : '';
    const page = await feedPage(v, `${query}&count=${opts.count ?? 50}${cursor}${excl}`);
    seen.push(...page.items.map((e) => e.id));
    if (page.is_finished) return seen;
    expect(page.items.length).toBeGreaterThan(0);
    cursor = `&last_id=${page.last_id}&last_sorting_value=${page.last_sorting_value}`;
    await opts.between?.(i);
  }
  throw new Error('the feed never finished');
}
