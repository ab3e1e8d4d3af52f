import { ui } from '../../../shared/catalogue.ts';
import { collapseWhitespace, truncate } from '../../../shared/format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import { LIVE_KEEP, type LiveItem, type LiveToken } from '../../../shared/realtime.ts';
import type { Ctx } from '../../context.ts';
import { escapeHtml } from '../../../shared/html.ts';
import { entryUrl } from '../entries/service.ts';
import { perAppCache } from '../../lib/cache.ts';
import { signLiveToken } from '../../lib/live-token.ts';
import type { UserRow } from '../auth/index.ts';
import { requirePlus } from './policy.ts';
import * as q from './queries.ts';

/** Characters of a comment the live feed shows. */
export const LIVE_TEXT_MAX = 140;

const safeColor = (c: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : '#6b7cff');
const safeUrl = (u: string | null) => (u && /^(https?:\/\/|\/)[^\s"'<>]*$/i.test(u) ? u : null);

/** The item's markup: every value escaped here, so the client may insert it as is. */
function liveHtml(row: q.LiveRow, text: string): string {
  const entry = entryUrl({
    id: row.entry_id,
    slug: row.entry_slug,
    subsite_id: row.subsite_id,
    subsite_type: row.subsite_type,
    subsite_slug: row.subsite_slug,
  });
  const author = subsiteUrl({ id: row.user_id, type: row.user_type, slug: row.user_slug });
  const avatarUrl = safeUrl(row.user_avatar);
  const avatar = avatarUrl
    ? `<img class="live-item__avatar" src="${escapeHtml(avatarUrl)}" alt="" width="20" height="20">`
    : `<span class="live-item__avatar" style="background:${safeColor(row.user_color)}" aria-hidden="true">${escapeHtml(row.user_name.trim().charAt(0).toUpperCase())}</span>`;
  const head =
    `<div class="live-item__head">${avatar}<a class="live-item__author" href="${escapeHtml(author)}">${escapeHtml(row.user_name)}</a>` +
    (row.type === 'entry' ? `<span class="live-item__what">${escapeHtml(ui.realtime.liveEntryPublished)}</span>` : '') +
    '</div>';
  const body =
    row.type === 'comment'
      ? `<a class="live-item__text" href="${escapeHtml(`${entry}#comment-${row.comment_id}`)}">${escapeHtml(text)}</a>`
      : '';
  return `${head}${body}<a class="live-item__entry" href="${escapeHtml(entry)}">${escapeHtml(row.title)}</a>`;
}

export function presentLive(row: q.LiveRow): LiveItem {
  const text = truncate(collapseWhitespace(row.text), LIVE_TEXT_MAX);
  return {
    type: row.type,
    hash: row.type === 'comment' ? `comment-${row.comment_id}` : `entry-${row.entry_id}`,
    comment_id: row.comment_id,
    content_id: row.entry_id,
    subsite_id: row.subsite_id,
    user_id: row.user_id,
    original_subsite_id: row.subsite_id,
    text,
    pin: false,
    date: row.date.toISOString(),
    live_html: liveHtml(row, text),
  };
}

// Every page with the sidebar asks for it; in production one query per second serves them all.
const initialCache = perAppCache<LiveItem[]>('realtime.live', 1000, 1);

/** `GET /live/initial`: the newest 20 items. */
export async function initial(ctx: Ctx): Promise<LiveItem[]> {
  const load = async () => (await q.latestLive(ctx.db, LIVE_KEEP)).map(presentLive);
  return ctx.config.sharedCaches ? initialCache(ctx).get('live', load) : load();
}

export async function commentItem(ctx: Ctx, commentId: number): Promise<LiveItem | null> {
  const row = await q.liveComment(ctx.db, commentId);
  return row ? presentLive(row) : null;
}

export async function entryItem(ctx: Ctx, entryId: number): Promise<LiveItem | null> {
  const row = await q.liveEntry(ctx.db, entryId);
  return row ? presentLive(row) : null;
}

/** A Plus reader's private live token (lib/live-token.ts): it opens the Plus live streams. */
export function liveToken(ctx: Ctx, user: UserRow): LiveToken {
  return signLiveToken(ctx.config.secret, requirePlus(user).id, ctx.now());
}
