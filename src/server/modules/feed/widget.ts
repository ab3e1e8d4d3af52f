import { script } from '../../../shared/api/blog-widget.ts';
import { BLOG_WIDGET_STEP, blogWidgetPath } from '../../../shared/blog-widget.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { formatDate, formatNumber, pluralize, truncate } from '../../../shared/format.ts';
import { isDirectSrc, mediaUrl, type MediaImage } from '../../../shared/media.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { widgetItems, widgetPage, type WidgetItem } from '../../lib/widget-page.ts';
import { presentCard } from '../entries/service.ts';
import type { SubsiteRow } from '../subsites/index.ts';
import * as subsites from '../subsites/service.ts';
import type { EntryCardRow } from '../entries/index.ts';
import * as q from './queries.ts';

/**
 * The blog widget other sites frame (issue 32 point 7): a public blog's newest published entries, five at a time,
 * by id newest first (the spec's `{load-more url}/{last id}`: the last id shown is the whole cursor, so any id pages
 * on from its place, and an entry published while the reader looks is neither repeated nor skipped). A person's
 * blog lists what they wrote anywhere, as their blog's feed does; a community's or a company's what it holds.
 * Entries of private communities never show; a private community's widget, like a missing blog's, is a 404.
 */
const w = ui.blogWidget;

/** A blog others may see, or null (missing, or a private community). */
async function publicBlog(ctx: Ctx, id: number): Promise<SubsiteRow | null> {
  const blog = await subsites.byId(ctx, id);
  return blog && !blog.isPrivate ? blog : null;
}

const absolute = (ctx: Ctx, url: string) => (url.startsWith('/') ? ctx.config.publicUrl + url : url);

/** The cover's picture as a small thumbnail; none for a clip, an embed or an entry marked NSFW. */
function thumbnail(ctx: Ctx, card: EntryCard): string | undefined {
  if (card.is_nsfw || card.cover?.type !== 'media') return undefined;
  const items = (card.cover.data as { items?: { image?: Partial<MediaImage> & { url?: string } }[] }).items;
  const image = Array.isArray(items) ? items[0]?.image : undefined;
  if (!image) return undefined;
  if (typeof image.url === 'string' && image.url.startsWith('https://')) return image.url;
  if (!image.uuid || image.type === 'mp4') return undefined;
  if (isDirectSrc(image.uuid)) return image.uuid.startsWith('https://') ? image.uuid : undefined;
  return absolute(ctx, mediaUrl(ctx.config.mediaBaseUrl, image.uuid, { width: 72, height: 48, crop: true }));
}

function item(ctx: Ctx, row: EntryCardRow): WidgetItem {
  const card = presentCard(row, ctx.config.secret);
  const counts = [
    card.is_enabled_comments ? pluralize(card.counters.comments, w.comments) : '',
    card.is_enabled_likes ? `${w.rating}: ${formatNumber(card.likes.summ)}` : '',
  ].filter(Boolean);
  return {
    title: card.title || truncate(card.intro, 100) || w.untitled,
    url: absolute(ctx, card.url),
    lines: [[formatDate(card.date, ctx.now()), ...counts].join(' · ')],
    image: thumbnail(ctx, card),
  };
}

/** One page: the entries below `beforeId` (from the newest without one), whether more remain. */
async function entriesOf(ctx: Ctx, blog: SubsiteRow, beforeId: number | null) {
  const rows = await q.widgetEntries(
    ctx.read,
    { kind: 'subsite', subsiteId: blog.id, isUser: blog.type === 'user' },
    beforeId,
    BLOG_WIDGET_STEP + 1,
  );
  const page = rows.slice(0, BLOG_WIDGET_STEP);
  return {
    items: page.map((r) => item(ctx, r)),
    lastId: page.at(-1)?.id ?? beforeId ?? 0,
    finished: rows.length <= BLOG_WIDGET_STEP,
  };
}

/**
 * The widget's page, with its status (a missing or private blog is a Russian page with 404) and whether it runs its
 * button's script (only when there is a next page).
 */
export async function blogWidgetPage(
  ctx: Ctx,
  id: number,
): Promise<{ status: number; html: string; scripted: boolean }> {
  const base = ctx.config.publicUrl;
  const site = { siteName: ui.siteName, siteUrl: base };
  const blog = await publicBlog(ctx, id);
  if (!blog) {
    const html = widgetPage({
      title: w.notFound,
      note: '',
      items: [],
      empty: w.notFoundHint,
      more: { text: ui.siteName, url: base },
      ...site,
    });
    return { status: 404, html, scripted: false };
  }
  const { items, lastId, finished } = await entriesOf(ctx, blog, null);
  const html = widgetPage({
    title: w.title(blog.name),
    heading: blog.name,
    note: '',
    avatar: {
      url: blog.avatarUrl ? absolute(ctx, blog.avatarUrl) : null,
      color: blog.avatarColor,
      letter: blog.name.trim().charAt(0).toUpperCase(),
    },
    items,
    empty: w.empty,
    more: { text: w.open, url: base + subsiteUrl(blog) },
    loadMore: finished
      ? undefined
      : {
          text: w.more,
          loading: w.loading,
          failed: w.failed,
          // Addresses of the frame's own origin, whatever the public one (the policy's 'self').
          url: `${blogWidgetPath(blog.id)}/more`,
          lastId,
          src: script.path,
        },
    ...site,
  });
  return { status: 200, html, scripted: !finished };
}

/** The load-more: the next entries' HTML after `lastId`, the new last id and whether the blog has no more. */
export async function blogWidgetMore(ctx: Ctx, id: number, lastId: number) {
  const blog = await publicBlog(ctx, id);
  if (!blog) throw notFound(messages.blogWidgetNotFound);
  const page = await entriesOf(ctx, blog, lastId);
  return { html: widgetItems(page.items), last_id: page.lastId, is_finished: page.finished };
}
