import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { AD_HOLD_MS } from '../../../shared/ads.ts';
import { analyticsDaily, analyticsEvents } from '../../db/schema.ts';
import { isRussianError, startTestApp, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { postLedger } from '../payments/index.ts';
import { flushAnalytics } from './analytics.ts';
import { maintainPartitions } from './analytics-partitions.ts';

/** First-party analytics (issue 30 point 4): ingestion, its refusals, the roll-up and the ads' report. */
const { t, staff, signedIn } = useTestApp();

const send = (v: Visitor, body: Record<string, unknown>, opts = {}) => v.post('/v3.0/analytics-event', body, opts);

async function launchedCampaign() {
  const res = await staff.post('/v3.0/admin/distributions/create', {
    format: 'native',
    title: 'Кампания отчёта',
    text: 'Текст кампании',
    url: 'https://example.ru/report',
    advertiser: 'ООО «Ромашка»',
    inn: '7707083893',
    places: ['feed'],
    devices: ['desktop', 'phone'],
    impression_cap: 1000,
  });
  const id = res.json().data.id as number;
  await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'launched' });
  t.clock.now = new Date(t.clock.now.getTime() + AD_HOLD_MS + 1000);
  return id;
}

describe('POST /analytics-event', () => {
  it('queues a batch without waiting; the flush writes raw rows and the daily counts; the report shows CTR', async () => {
    const id = await launchedCampaign();
    const readers = [new Visitor(t.app), new Visitor(t.app)];
    for (const r of readers) {
      await r.post(`/v3.0/distributions/${id}/hit`, { place: 'feed' });
      const res = await send(r, {
        events: [
          {
            eventType: 'Show',
            path: '/popular',
            page: { navigation_name: 'popular', tags: ['реклама'], comments: '3', is_advertisement: 0 },
          },
          { eventType: 'In-Viewport', unit_id: id, place: 'feed', path: '/popular' },
        ],
        stack: ['Show:/popular', 'Click:/'],
        device: 'desktop',
      });
      expect(res.json(), res.body).toMatchObject({ rc: 200, data: { queued: 2 } });
    }
    await send(readers[0], { events: [{ eventType: 'Click', unit_id: id, place: 'feed', path: '/popular' }] });
    // A unit that does not exist is kept raw but counted nowhere.
    await send(readers[0], { events: [{ eventType: 'Click', unit_id: 2_000_000_000, place: 'feed' }] });
    expect(await flushAnalytics(t.app.ctx)).toBe(6);
    expect(await flushAnalytics(t.app.ctx)).toBe(0);
    const raw = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.distributionId, id));
    expect(raw).toHaveLength(3);
    const show = (await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, 'Show')))[0];
    expect(show.data).toMatchObject({ navigation_name: 'popular', comments: 3, is_advertisement: false });
    expect(show.data.stack).toEqual(['Show:/popular', 'Click:/']);
    const daily = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.targetId, id));
    expect(Object.fromEntries(daily.map((d) => [d.eventType, d.count]))).toEqual({ 'In-Viewport': 2, Click: 1 });
    const orphan = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.targetId, 2_000_000_000));
    expect(orphan).toEqual([]);

    const report = await staff.get(`/v3.0/distributions/${id}/report`);
    expect(report.json().data).toMatchObject({ id, kind: 'campaign', impressions: 2, clicks: 1, ctr: 50 });
    const today = report.json().data.days.at(-1);
    expect(today).toMatchObject({ impressions: 2, clicks: 1 });
    expect(report.json().data.days).toHaveLength(30);
    const list = (await staff.get('/v3.0/distributions/report')).json().data.items;
    expect(list.some((i: { id: number }) => i.id === id)).toBe(true);

    // Raw rows go after 30 days (their day's partition dropped); the roll-up stays.
    const was = t.clock.now;
    t.clock.now = new Date(was.getTime() + 31 * 86_400_000);
    await maintainPartitions(t.app.ctx);
    t.clock.now = was;
    expect(await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.distributionId, id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.targetId, id))).toHaveLength(2);
  });

  it('refuses bad input in Russian and queues nothing', async () => {
    const v = new Visitor(t.app);
    const many = Array.from({ length: 51 }, () => ({ eventType: 'Show' }));
    for (const body of [
      {},
      { events: [] },
      { events: many },
      { events: 'Show' },
      { events: [{ eventType: 'Hover' }] },
      { events: [{ eventType: 'In-Viewport' }] },
      { events: [{ eventType: 'Click', unit_id: 5 }] },
      { events: [{ eventType: 'Click', unit_id: -1, place: 'feed' }] },
      { events: [{ eventType: 'Show', path: 'https://evil.example/' }] },
      { events: [{ eventType: 'Show', path: '//evil.example/' }] },
      { events: [{ eventType: 'Show', path: `/${'a'.repeat(600)}` }] },
      { events: [{ eventType: 'Show', page: { author_name: 'x'.repeat(300) } }] },
      { events: [{ eventType: 'Show', page: { likes: -1 } }] },
      { events: [{ eventType: 'Show', page: { tags: Array(30).fill('t') } }] },
      { events: [{ eventType: 'Show', page: { secret: 1 } }] },
      { events: [{ eventType: 'Show', amount: 100 }] },
      { events: [{ eventType: 'Show' }], stack: ['a', 'b', 'c'] },
      { events: [{ eventType: 'Show' }], device: 'tv' },
      { events: [{ eventType: 'Show' }], extra: 1 },
    ]) {
      const res = await send(v, body);
      expect(isRussianError(res, 400), JSON.stringify(body).slice(0, 120)).toBe(true);
    }
    const noCsrf = await send(v, { events: [{ eventType: 'Show' }] }, { csrf: false });
    expect(isRussianError(noCsrf, 403)).toBe(true);
    expect(await flushAnalytics(t.app.ctx)).toBe(0);
  });

  it('is rate limited per address, in Russian', async () => {
    const t3 = await startTestApp({ rateLimitScale: 0.05 });
    try {
      const v = new Visitor(t3.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await send(v, { events: [{ eventType: 'Show' }] })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await send(v, { events: [{ eventType: 'Show' }] });
      expect(isRussianError(last, 429)).toBe(true);
    } finally {
      await t3.close();
    }
  });
});

describe('the ads report', () => {
  it('a booster’s buyer reads its report; another reader is refused; staff read all', async () => {
    const author = await signedIn('Автор Отчёта');
    await postLedger(t.app.ctx, { userId: author.id, kind: 'topup', amount: 50_000, idempotencyKey: `r:${author.id}` });
    const entry = await savedEntry(author.v, { title: 'Запись с отчётом', entry: [text('т')], is_published: 1 });
    const bought = await author.v.post(`/v3.0/booster/${entry.id}`, { budget: 350, days: 2, pay_from: 'balance' });
    const id = bought.json().data.id as number;
    const mine = (await author.v.get('/v3.0/distributions/report')).json().data.items;
    expect(mine.map((i: { id: number }) => i.id)).toEqual([id]);
    expect(mine[0]).toMatchObject({ kind: 'booster', paid: 35_000, spent: 0, impressions: 0, ctr: 0 });
    const other = await signedIn('Любопытный');
    expect((await other.v.get('/v3.0/distributions/report')).json().data.items).toEqual([]);
    const refused = await other.v.get(`/v3.0/distributions/${id}/report`);
    expect(isRussianError(refused, 403)).toBe(true);
    expect(refused.json().rm).toBe(messages.statsNotYours);
    expect(isRussianError(await other.v.get('/v3.0/distributions/2000000000/report'), 404)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/distributions/${id}/report`), 401)).toBe(true);
    expect((await staff.get(`/v3.0/distributions/${id}/report`)).json().data.id).toBe(id);
  });
});
