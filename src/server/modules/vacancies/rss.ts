import { ui } from '../../../shared/catalogue.ts';
import { vacanciesUi } from '../../../shared/catalogue/vacancies.ts';
import { placeText, salaryText } from '../../../shared/vacancy-format.ts';
import type { Ctx } from '../../context.ts';
import { feedOf, xmlEscape, type Feed } from '../../lib/rss.ts';
import { townById } from '../../lib/towns.ts';
import * as q from './queries.ts';

/** The newest published vacancies in `/job/rss`. */
export const RSS_VACANCIES = 50;
/** The description's text in an item is cut to this many characters. */
const RSS_TEXT = 600;

/**
 * RSS 2.0 of the newest published vacancies: the title and company, the place and salary, the start of the
 * description. An unpublished or expired one leaves the feed with its state.
 */
export async function vacanciesRss(ctx: Ctx): Promise<Feed> {
  const base = ctx.config.publicUrl;
  const found = await q.newestPublished(ctx.db, RSS_VACANCIES);
  const newest = found[0]?.published_at ?? null;
  const items = found.map((v) => {
    const link = `${base}/job/${v.id}`;
    const town = v.town_id === null ? null : (townById(v.town_id) ?? null);
    const text = v.description.length > RSS_TEXT ? `${v.description.slice(0, RSS_TEXT).trimEnd()}…` : v.description;
    const lead = `${v.company} · ${placeText(town, v.is_remote)} · ${salaryText(v.salary_from, v.salary_to)}`;
    return `    <item>
      <title>${xmlEscape(v.title)}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="true">${xmlEscape(link)}</guid>
      <pubDate>${(v.published_at ?? v.created_at).toUTCString()}</pubDate>
      <dc:creator>${xmlEscape(v.subsite_name)}</dc:creator>
      <category>${xmlEscape(vacanciesUi.specialisations[v.specialisation])}</category>
      <description>${xmlEscape(`${lead}\n\n${text}`)}</description>
    </item>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(`${vacanciesUi.title} — ${ui.siteName}`)}</title>
    <link>${xmlEscape(`${base}/job`)}</link>
    <description>${xmlEscape(vacanciesUi.lead)}</description>
    <language>ru</language>${newest ? `\n    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : ''}
    <atom:link href="${xmlEscape(`${base}/job/rss`)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`;
  return feedOf(xml, newest);
}
