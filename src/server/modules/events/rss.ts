import { ui } from '../../../shared/catalogue.ts';
import { eventPlace, eventPrice, eventWhen } from '../../../shared/events-format.ts';
import type { Ctx } from '../../context.ts';
import { feedOf, xmlEscape, type Feed } from '../../lib/rss.ts';
import * as q from './queries.ts';
import { presentCard } from './service.ts';

/** The newest published events in `/events/rss`. */
export const RSS_EVENTS = 50;
/** The description's text in an item is cut to this many characters. */
const RSS_TEXT = 600;

/**
 * RSS 2.0 of the newest published events not over yet: the title, when (in the event's zone), where and the price,
 * the start of the description. An event that ended, was unpublished or is past leaves the feed.
 */
export async function eventsRss(ctx: Ctx): Promise<Feed> {
  const base = ctx.config.publicUrl;
  const now = ctx.now();
  const found = await q.listNewest(ctx.db, now, RSS_EVENTS);
  const newest = found[0]?.published_at ?? null;
  const t = ui.events;
  const items = found.map((r) => {
    const e = presentCard(r);
    const link = base + e.url;
    const text = r.description.length > RSS_TEXT ? `${r.description.slice(0, RSS_TEXT).trimEnd()}…` : r.description;
    const lead = `${eventWhen(e, now.getTime())} · ${eventPlace(e)} · ${eventPrice(e.price)}`;
    return `    <item>
      <title>${xmlEscape(e.title)}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="true">${xmlEscape(link)}</guid>
      <pubDate>${(r.published_at ?? r.created_at).toUTCString()}</pubDate>
      <dc:creator>${xmlEscape(r.subsite_name)}</dc:creator>
      <category>${xmlEscape(t.formats[r.format])}</category>
      <description>${xmlEscape(`${lead}\n\n${text}`)}</description>
    </item>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(`${t.title} — ${ui.siteName}`)}</title>
    <link>${xmlEscape(`${base}/events`)}</link>
    <description>${xmlEscape(t.lead)}</description>
    <language>ru</language>${newest ? `\n    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : ''}
    <atom:link href="${xmlEscape(`${base}/events/rss`)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`;
  return feedOf(xml, newest);
}
