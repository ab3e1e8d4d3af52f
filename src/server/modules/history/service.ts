import { messages } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import type {
  EntryRemovedState,
  HistoryData,
  HistoryItem,
  HistoryList,
  HistoryVersion,
} from '../../../shared/history.ts';
import { genderOf, type Gender } from '../../../shared/gender.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import * as entriesQ from '../entries/index.ts';
import * as entries from '../entries/service.ts';
import { refreshEntryHotness } from '../feed/index.ts';
import { assertCanManage, assertNotRemoved } from './policy.ts';
import * as q from './queries.ts';
import { entryWrites } from '../entries/index.ts';
import { settings } from '../users/index.ts';

type Actor = Pick<UserRow, 'id' | 'role'>;

export const HISTORY_PAGE = 50;

/** The entry row when the actor may manage it (author or staff; removed entries included), else 403/404. */
async function manageable(ctx: Ctx, actor: Actor, id: number, rm: string): Promise<entriesQ.EntryRow> {
  const row = await entriesQ.entryById(ctx.db, id, actor.id);
  if (!row) throw notFound(messages.entryNotFound);
  assertCanManage(actor, { authorId: row.author_id, isPublished: row.is_published, removed: row.removed }, rm);
  return row;
}

/** The stated genders of the versions' authors (the rest are read from their names). */
async function statedGenders(ctx: Ctx, rows: q.VersionRow[]) {
  return settings.profile.readMany(ctx.db, [
    ...new Set(rows.flatMap((r) => (r.author_id === null ? [] : [r.author_id]))),
  ]);
}

function presentItem(row: q.VersionRow, stated: Map<number, { gender?: Gender }>): HistoryItem {
  return {
    id: row.id,
    date: row.created_at.toISOString(),
    title: row.title,
    author:
      row.author_id === null || row.author_name === null
        ? null
        : {
            id: row.author_id,
            name: row.author_name,
            url: subsiteUrl({ id: row.author_id, type: 'user', slug: row.author_slug ?? '' }),
            gender: genderOf(row.author_name, stated.get(row.author_id)?.gender),
          },
    is_current: row.is_current,
  };
}

async function page(ctx: Ctx, entryId: number, lastId: number | null): Promise<HistoryList> {
  const rows = await q.versions(ctx.db, entryId, lastId, HISTORY_PAGE);
  const stated = await statedGenders(ctx, rows);
  const items = rows.slice(0, HISTORY_PAGE).map((r) => presentItem(r, stated));
  return { items, last_id: items.at(-1)?.id ?? null, is_finished: rows.length <= HISTORY_PAGE };
}

/** Versions of an entry, newest first. */
export async function list(ctx: Ctx, actor: Actor, id: number, lastId: number | null): Promise<HistoryList> {
  await manageable(ctx, actor, id, messages.historyForbidden);
  return page(ctx, id, lastId);
}

/** The history screen: the entry as it is now (removed or not) and the first page of its versions. */
export async function historyData(ctx: Ctx, actor: Actor, id: number): Promise<HistoryData> {
  const row = await manageable(ctx, actor, id, messages.historyForbidden);
  return { entry: entries.presentEntry(ctx, row, actor), history: await page(ctx, id, null) };
}

/** One version with its blocks, for the preview and the apply screen. */
export async function version(
  ctx: Ctx,
  actor: Actor,
  id: number,
  historyId: number,
): Promise<{ entry: Entry; version: HistoryVersion }> {
  const row = await manageable(ctx, actor, id, messages.historyForbidden);
  const v = await q.version(ctx.db, id, historyId);
  if (!v) throw notFound(messages.historyVersionNotFound);
  return {
    entry: entries.presentEntry(ctx, row, actor),
    version: { ...presentItem(v, await statedGenders(ctx, [v])), entry_id: v.entry_id, blocks: v.blocks },
  };
}

/**
 * The entry takes the version's title and blocks through the ordinary save, with its checks, sanitizing, slug and
 * ranking; being a save of a published entry, it keeps a version of its own, so applying can be undone.
 * The checks and the save are one transaction.
 */
export async function apply(ctx: Ctx, actor: Actor, id: number, historyId: number): Promise<Entry> {
  return transaction(ctx, async (ctx) => {
    const row = await manageable(ctx, actor, id, messages.entryEditForbidden);
    assertNotRemoved({ authorId: row.author_id, isPublished: row.is_published, removed: row.removed });
    const v = await q.version(ctx.db, id, historyId);
    if (!v) throw notFound(messages.historyVersionNotFound);
    const { entry } = await entries.save(ctx, actor, {
      id,
      title: v.title,
      entry: v.blocks,
      is_published: row.is_published,
    });
    return entry;
  });
}

/**
 * Removing hides the entry from feeds and its page (404 to everyone); its author and staff still reach it on the
 * history screen and restore it there. Both calls are idempotent: a second press answers the same state.
 * The flag and the hotness are one transaction; the event waits for the commit.
 */
export async function setRemoved(ctx: Ctx, actor: Actor, id: number, removed: boolean): Promise<EntryRemovedState> {
  return transaction(ctx, async (ctx) => {
    const row = await manageable(
      ctx,
      actor,
      id,
      removed ? messages.entryRemoveForbidden : messages.entryRestoreForbidden,
    );
    const changed = await entryWrites.setRemoved(ctx.db, id, removed);
    if (changed && removed)
      ctx.events.emit('entry.removed', {
        entryId: id,
        authorId: row.author_id,
        byId: actor.id,
        wasPublished: row.is_published,
      });
    if (changed && !removed && row.is_published) {
      // Removed entries were left out of the batch refresh; a restored one takes its place in the feeds at once.
      await refreshEntryHotness(ctx, id);
    }
    return { id, removed, url: entries.entryUrl(row) };
  });
}

/**
 * Moderation ('remove all data' of a ban, and its undo on unban): every entry of a person taken out of the feeds, or
 * the given ones back, without a notice per entry (the ban itself is the notice). Runs in the caller's transaction;
 * answers the ids it changed.
 */
export async function setAllRemoved(
  ctx: Ctx,
  which: { authorId: number } | { ids: number[] },
  removed: boolean,
): Promise<number[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  return transaction(ctx, async (ctx) => {
    const ids = await entryWrites.setAllRemoved(ctx.db, which, removed);
    if (!removed) for (const id of ids) await refreshEntryHotness(ctx, id);
    return ids;
  });
}
