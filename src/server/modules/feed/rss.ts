import { ui } from '../../../shared/catalogue.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { isDirectSrc, mediaUrl, type MediaImage } from '../../../shared/media.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import { hashtagUrl, normalizeHashtag } from '../../../shared/hashtags.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../../shared/catalogue.ts';
import { notFound } from '../../lib/errors.ts';
import { feedOf, xmlEscape, type Feed } from '../../lib/rss.ts';
import { entryUrl, presentCard } from '../entries/service.ts';
import type { SubsiteRow } from '../subsites/index.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './queries.ts';
import { feed as repostsFeed } from '../reposts/service.ts';
import { STATIC_PAGES } from '../../../shared/static-pages.ts';

/** RSS 2.0 for the main feed and each subsite, and the sitemap: only published entries, RSS only approved ones. */
export const RSS_ITEMS = 50;
/** The sitemap protocol allows 50 000 URLs per file. */
export const SITEMAP_URLS = 50_000;
export const SITEMAP_SUBSITES = 5_000;

/** Types of a picture or clip a cover may hold, as enclosures name them. */
const ENCLOSURE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

/** The cover's picture as an enclosure: the uploaded original (its length is known); outside pictures have none. */
function enclosure(cover: EntryCard['cover'], mediaBase: string): string {
  const items =
    cover?.type === 'media' ? (cover.data as { items?: { image?: Partial<MediaImage> }[] }).items : undefined;
  const image = Array.isArray(items) ? items[0]?.image : undefined;
  const type = image?.type ? ENCLOSURE_TYPES[image.type] : undefined;
  if (!image?.uuid || isDirectSrc(image.uuid) || !type || !Number.isInteger(image.size)) return '';
  return `\n      <enclosure url="${xmlEscape(mediaUrl(mediaBase, image.uuid))}" length="${image.size}" type="${type}"/>`;
}

export async function rss(ctx: Ctx, subsite: SubsiteRow | null, tag?: string): Promise<Feed> {
  const base = ctx.config.publicUrl;
  const mediaBase = ctx.config.mediaBaseUrl.startsWith('/') ? base + ctx.config.mediaBaseUrl : ctx.config.mediaBaseUrl;
  const source: q.FeedSource = tag
    ? { kind: 'tag', tag }
    : subsite
      ? { kind: 'subsite', subsiteId: subsite.id, isUser: subsite.type === 'user' }
      : { kind: 'main' };
  const rows = await q.rssEntries(ctx.read, source, RSS_ITEMS);
  const lastModified = await q.entriesModified(
    ctx.read,
    rows.map((r) => r.id),
  );
  const channelUrl = base + (tag ? hashtagUrl(tag) : subsite ? subsiteUrl(subsite) : '/');
  const selfUrl = base + (tag ? `${hashtagUrl(tag)}/rss` : subsite ? `/rss/${subsite.id}` : '/rss');
  const title = tag
    ? `#${tag} — ${ui.siteName}`
    : subsite
      ? `${subsite.name} — ${ui.siteName}`
      : `${ui.siteName} — ${ui.siteTagline}`;
  const description = subsite?.description || ui.siteTagline;
  const items = rows.map((row) => {
    const card = presentCard(row, ctx.config.secret);
    const link = base + card.url;
    return {
      date: card.date,
      xml: `    <item>
      <title>${xmlEscape(card.title)}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="true">${xmlEscape(link)}</guid>
      <pubDate>${new Date(card.date).toUTCString()}</pubDate>
      <dc:creator>${xmlEscape(card.author.name)}</dc:creator>
      <category>${xmlEscape(card.subsite.name)}</category>
      <description>${xmlEscape(card.intro)}</description>${enclosure(card.cover, mediaBase)}
    </item>`,
    };
  });
  // A subsite's feed also carries its newest reposts, at the time they were made: «Репост: …» linking the original.
  const shared = subsite ? await repostsFeed(ctx, null, { subsiteId: subsite.id }, null) : [];
  for (const r of shared) {
    const link = base + r.entry.url;
    items.push({
      date: r.date,
      xml: `    <item>
      <title>${xmlEscape(ui.reposts.rssTitle(r.entry.title || r.entry.intro))}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="false">${xmlEscape(`${channelUrl}#repost-${r.id}`)}</guid>
      <pubDate>${new Date(r.date).toUTCString()}</pubDate>
      <dc:creator>${xmlEscape(r.by.name)}</dc:creator>
      <category>${xmlEscape(r.entry.subsite.name)}</category>
      <description>${xmlEscape(r.comment || r.entry.intro)}</description>
    </item>`,
    });
  }
  if (shared.length) items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(title)}</title>
    <link>${xmlEscape(channelUrl)}</link>
    <description>${xmlEscape(description)}</description>
    <language>ru</language>${lastModified ? `\n    <lastBuildDate>${lastModified.toUTCString()}</lastBuildDate>` : ''}
    <atom:link href="${xmlEscape(selfUrl)}" rel="self" type="application/rss+xml"/>
${items
  .slice(0, RSS_ITEMS)
  .map((i) => i.xml)
  .join('\n')}
  </channel>
</rss>
`;
  return feedOf(xml, lastModified);
}

/** A subsite's feed: `/rss/{id}` (any subsite), `/s/{slug}/rss` (a community), `/u/{id}-{slug}/rss` (a blog); 404 otherwise. */
export async function subsiteRss(ctx: Ctx, ref: { id: number } | { slug: string } | { userId: number }): Promise<Feed> {
  const subsite =
    'slug' in ref
      ? await subsites.communityBySlug(ctx, ref.slug)
      : await subsites.byId(ctx, 'id' in ref ? ref.id : ref.userId);
  if (!subsite || ('userId' in ref && subsite.type !== 'user')) throw notFound(messages.subsiteNotFound);
  return rss(ctx, subsite);
}

/** `/tag/{name}/rss`: the newest entries with the tag that are approved for public RSS. */
export async function hashtagRss(ctx: Ctx, name: string): Promise<Feed> {
  const tag = normalizeHashtag(name);
  if (!tag) throw notFound(messages.hashtagNotFound);
  return rss(ctx, null, tag);
}

export async function sitemap(ctx: Ctx): Promise<string> {
  const base = ctx.config.publicUrl;
  // The feeds, then the site's own pages (rules, about, contacts…).
  const fixed = ['/', '/new', '/all', ...Object.values(STATIC_PAGES)];
  const rows = await q.sitemapRows(ctx.read, SITEMAP_SUBSITES, SITEMAP_URLS - fixed.length);
  const urls = [
    ...fixed.map((path) => `  <url><loc>${xmlEscape(base + path)}</loc><changefreq>hourly</changefreq></url>`),
    ...rows.map((r) => {
      const path =
        r.kind === 'entry'
          ? entryUrl({
              id: r.id,
              slug: r.slug,
              subsite_id: r.subsite_id,
              subsite_type: r.subsite_type,
              subsite_slug: r.subsite_slug,
            })
          : subsiteUrl({ id: r.id, type: r.subsite_type, slug: r.slug });
      return `  <url><loc>${xmlEscape(base + path)}</loc><lastmod>${r.modified.toISOString()}</lastmod></url>`;
    }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}
