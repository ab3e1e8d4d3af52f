import { messages } from '../../../shared/catalogue.ts';
import { ANALYTICS_REPORT_DAYS } from '../../../shared/analytics.ts';
import type { ReportItem } from '../../../shared/api/analytics.ts';
import type { Ctx } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import * as aq from './analytics-queries.ts';
import { spentOf } from './booster.ts';
import * as bq from './booster-queries.ts';
import * as q from './queries.ts';

/**
 * The ads' report (issue 30 point 4): per campaign or booster, impressions (its hits, the figure its limit counts),
 * clicks (analytics' Click events of the unit, rolled up by day) and CTR, over the last ANALYTICS_REPORT_DAYS Moscow
 * days. Staff see every campaign; anyone else the boosters they bought.
 */

const DAY_MS = 86_400_000;

async function present(ctx: Ctx, found: q.DistributionRow[]): Promise<ReportItem[]> {
  const now = ctx.now();
  const days = Array.from({ length: ANALYTICS_REPORT_DAYS }, (_, i) =>
    aq.moscowDay(new Date(now.getTime() - (ANALYTICS_REPORT_DAYS - 1 - i) * DAY_MS)),
  );
  const ids = found.map((r) => r.id);
  const since = new Date(Date.parse(`${days[0]}T00:00:00+03:00`));
  const [shown, clicked, totals] = await Promise.all([
    aq.impressionsByDay(ctx.db, ids, since),
    aq.clicksByDay(ctx.db, ids, days[0]),
    aq.clickTotals(ctx.db, ids),
  ]);
  const cell = (list: { id: number; day: string; n: number }[]) => new Map(list.map((r) => [`${r.id}|${r.day}`, r.n]));
  const shownAt = cell(shown);
  const clickedAt = cell(clicked);
  return found.map((r) => {
    const clicks = totals.get(r.id) ?? 0;
    const booster = r.ownerId !== null && r.paid > 0;
    return {
      id: r.id,
      kind: booster ? 'booster' : 'campaign',
      title: r.version.title,
      url: r.version.url,
      state: r.state,
      impressions: r.impressions,
      clicks,
      ctr: r.impressions ? Math.round((clicks / r.impressions) * 10_000) / 100 : 0,
      paid: r.paid,
      spent: booster ? spentOf(r) : 0,
      days: days.map((day) => ({
        day,
        impressions: shownAt.get(`${r.id}|${day}`) ?? 0,
        clicks: clickedAt.get(`${r.id}|${day}`) ?? 0,
      })),
    };
  });
}

export async function report(ctx: Ctx, user: UserRow): Promise<{ items: ReportItem[] }> {
  return { items: await present(ctx, await bq.reportRows(ctx.db, isStaff(user) ? null : user.id)) };
}

/** One campaign's report: staff, or the booster's buyer (anyone else: 403, nothing told of it). */
export async function reportOne(ctx: Ctx, user: UserRow, id: number): Promise<ReportItem> {
  const row = await q.byId(ctx.db, id);
  if (!row) throw notFound(messages.distributionNotFound);
  if (!isStaff(user) && row.ownerId !== user.id) throw new ApiError(403, messages.statsNotYours);
  return (await present(ctx, [row]))[0];
}
