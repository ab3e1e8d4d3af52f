import { ANALYTICS_REPORT_DAYS, ENTRY_SOURCES } from '../../../shared/analytics.ts';
import type { EntryReading, ReadingDay } from '../../../shared/api/analytics.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { entryUrl } from '../entries/service.ts';
import * as subsites from '../subsites/service.ts';
import * as aq from './analytics-queries.ts';

/**
 * An entry's reading statistics (issue 30 point 4) from analytics' roll-up: per Moscow day of the last
 * ANALYTICS_REPORT_DAYS, views (Shows of its page; the author's own are not counted), new readers, reads to the end, the read time per view and the
 * views by source; the total of readers is distinct over all the days (the raw events, kept as long). Its author, the
 * managers of its subsite and staff see them; anyone else 403, a removed or missing entry 404.
 */

const DAY_MS = 86_400_000;

export async function entryReading(ctx: Ctx, user: UserRow, id: number): Promise<EntryReading> {
  const entry = await aq.entryOf(ctx.db, id);
  if (!entry || entry.removed) throw notFound(messages.entryNotFound);
  const allowed =
    entry.author_id === user.id ||
    isStaff(user) ||
    (await subsites.managesSubsite(ctx, { userId: user.id, subsiteId: entry.subsite_id }));
  if (!allowed) throw new ApiError(403, messages.entryStatsNotYours);

  const now = ctx.now().getTime();
  const dayList = Array.from({ length: ANALYTICS_REPORT_DAYS }, (_, i) =>
    aq.moscowDay(new Date(now - (ANALYTICS_REPORT_DAYS - 1 - i) * DAY_MS)),
  );
  const since = new Date(Date.parse(`${dayList[0]}T00:00:00+03:00`));
  const [measures, readers] = await Promise.all([
    aq.entryMeasures(ctx.db, id, dayList[0]),
    aq.entryReaders(ctx.db, id, entry.author_id, since),
  ]);
  const at = new Map(measures.map((m) => [`${m.day}|${m.measure}`, m.n]));
  const of = (day: string, measure: string) => at.get(`${day}|${measure}`) ?? 0;
  const average = (seconds: number, count: number) => (count ? Math.round(seconds / count) : 0);
  const days: ReadingDay[] = dayList.map((day) => ({
    day,
    views: of(day, 'Show'),
    readers: of(day, 'Readers'),
    read_ends: of(day, 'Read-End'),
    read_seconds: average(of(day, 'Read-Seconds'), of(day, 'Show')),
    ...(Object.fromEntries(ENTRY_SOURCES.map((s) => [s, of(day, `Source-${s}`)])) as Record<
      (typeof ENTRY_SOURCES)[number],
      number
    >),
  }));
  const sum = (pick: (d: ReadingDay) => number) => days.reduce((a, d) => a + pick(d), 0);
  return {
    id: entry.id,
    title: entry.title,
    url: entryUrl(entry),
    totals: {
      views: sum((d) => d.views),
      readers,
      read_ends: sum((d) => d.read_ends),
      read_seconds: average(
        measures.filter((m) => m.measure === 'Read-Seconds').reduce((a, m) => a + m.n, 0),
        sum((d) => d.views),
      ),
      feed: sum((d) => d.feed),
      search: sum((d) => d.search),
      outside: sum((d) => d.outside),
    },
    days,
  };
}
