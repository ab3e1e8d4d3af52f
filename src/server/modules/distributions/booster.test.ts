import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { DEFAULT_AD_PRICES } from '../../../shared/ads.ts';
import { companyDetails, distributions, ledger, subsiteRoles, subsites } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { balanceOf, postLedger } from '../payments/index.ts';
import { flushAnalytics } from './analytics.ts';
import { settleBoosters } from './booster.ts';

/** The booster (issue 30 point 2): the offer, the purchase from a balance or a company's, its unit, its settling. */
const { t, staff, signedIn } = useTestApp();

async function authorWithEntry(title = 'Продвигаемая запись', money = 500_000) {
  const author = await signedIn('Автор Бустера');
  const entry = await savedEntry(author.v, { title, entry: [text('Текст записи')], is_published: 1 });
  if (money)
    await postLedger(t.app.ctx, { userId: author.id, kind: 'topup', amount: money, idempotencyKey: `t:${author.id}` });
  return { author, entryId: entry.id as number };
}

const archiveAll = async () => {
  for (const d of (await staff.get('/v3.0/admin/distributions')).json().data.items)
    if (d.state !== 'archived') await staff.post(`/v3.0/admin/distributions/${d.id}/state`, { state: 'archived' });
};

describe('booster', () => {
  it('offers server figures, charges the budget from the balance and serves the entry as a marked unit at once', async () => {
    await archiveAll();
    const { author, entryId } = await authorWithEntry();
    const offer = await author.v.get(`/v3.0/booster/${entryId}?budget=350&days=3`);
    expect(offer.json().rc, offer.body).toBe(200);
    expect(offer.json().data).toMatchObject({
      entry: { id: entryId, title: 'Продвигаемая запись' },
      price: DEFAULT_AD_PRICES.native,
      balance: 500_000,
      promotion: null,
      estimate: { cost: 35_000, impressions: 1000 },
      running: null,
    });
    const bought = await author.v.post(`/v3.0/booster/${entryId}`, { budget: 350, days: 3, pay_from: 'balance' });
    expect(bought.json().rm, bought.body).toBe(messages.boosterBought);
    expect(bought.json().data).toMatchObject({ cost: 35_000, impressions: 1000 });
    expect(await balanceOf(t.app.ctx, author.id)).toBe(465_000);
    // A second one of the same entry waits for the first to end.
    expect(
      isRussianError(
        await author.v.post(`/v3.0/booster/${entryId}`, { budget: 100, days: 1, pay_from: 'balance' }),
        409,
      ),
    ).toBe(true);
    expect(await balanceOf(t.app.ctx, author.id)).toBe(465_000);

    const unit = (await new Visitor(t.app).get('/v3.0/distributions/random?place=feed')).json().data.unitData;
    expect(unit).toMatchObject({ id: bought.json().data.id, title: 'Продвигаемая запись', boosted: true });
    expect(unit.advertiser).toBe('Автор Бустера');
    // Not under the entry it promotes.
    const under = await new Visitor(t.app).get(`/v3.0/distributions/random?place=entry&entry_id=${entryId}`);
    expect(under.json().data.unitData).toBeNull();
  });

  it('takes no money figure from the client: unknown fields are refused and nothing is charged', async () => {
    const { author, entryId } = await authorWithEntry('Запись без подделок');
    for (const extra of [{ cost: 1 }, { price: 1 }, { impressions: 1_000_000 }, { amount: 100 }]) {
      const res = await author.v.post(`/v3.0/booster/${entryId}`, {
        budget: 100,
        days: 1,
        pay_from: 'balance',
        ...extra,
      });
      expect(isRussianError(res, 400), res.body).toBe(true);
    }
    for (const bad of [
      { budget: 99, days: 1, pay_from: 'balance' },
      { budget: 1_000_001, days: 1, pay_from: 'balance' },
      { budget: '1e3', days: 1, pay_from: 'balance' },
      { budget: 100, days: 0, pay_from: 'balance' },
      { budget: 100, days: 31, pay_from: 'balance' },
      { budget: 100, days: 1, pay_from: 'card' },
      { budget: 100, days: 1 },
      { budget: 100, days: 1, pay_from: 'balance', device: 'tv' },
    ]) {
      const res = await author.v.post(`/v3.0/booster/${entryId}`, bad);
      expect(isRussianError(res, 400), JSON.stringify(bad)).toBe(true);
    }
    // Not a company's entry: no promotion balance to pay from.
    expect(
      (await author.v.post(`/v3.0/booster/${entryId}`, { budget: 100, days: 1, pay_from: 'promotion' })).json().rm,
    ).toBe(messages.boosterNoCompany);
    expect(await balanceOf(t.app.ctx, author.id)).toBe(500_000);
    const rows = await t.database.db.select().from(distributions).where(eq(distributions.entryId, entryId));
    expect(rows).toEqual([]);
  });

  it('refuses another author’s entry, a missing one, a guest and a balance too low', async () => {
    const { entryId } = await authorWithEntry('Чужая запись');
    const other = await signedIn('Посторонний');
    await postLedger(t.app.ctx, { userId: other.id, kind: 'topup', amount: 900_000, idempotencyKey: `t:${other.id}` });
    expect(isRussianError(await other.v.get(`/v3.0/booster/${entryId}`), 403)).toBe(true);
    const res = await other.v.post(`/v3.0/booster/${entryId}`, { budget: 100, days: 1, pay_from: 'balance' });
    expect(res.json().rm).toBe(messages.boosterNotYours);
    expect(await balanceOf(t.app.ctx, other.id)).toBe(900_000);
    expect(isRussianError(await other.v.get('/v3.0/booster/2147483000'), 404)).toBe(true);
    expect(isRussianError(await other.v.get('/v3.0/booster/abc'), 400)).toBe(true);
    expect(
      isRussianError(
        await new Visitor(t.app).post(`/v3.0/booster/${entryId}`, { budget: 100, days: 1, pay_from: 'balance' }),
        401,
      ),
    ).toBe(true);
    const poor = await authorWithEntry('Бедная запись', 5_000);
    const low = await poor.author.v.post(`/v3.0/booster/${poor.entryId}`, {
      budget: 100,
      days: 1,
      pay_from: 'balance',
    });
    expect(isRussianError(low, 400)).toBe(true);
    expect(low.json().rm).toBe(messages.balanceTooLow);
  });

  it('a company manager pays from the promotion balance; the unspent part returns there when the days end', async () => {
    await archiveAll();
    await settleBoosters(t.app.ctx);
    const [co] = await t.database.db
      .insert(subsites)
      .values({ type: 'company', slug: 'booster-co', name: 'ООО Бустер', posting: 'everyone' })
      .returning({ id: subsites.id });
    await t.database.db.insert(companyDetails).values({ subsiteId: co.id, promotionBalance: 100_000 });
    const manager = await newUser(t.app, 'Менеджер Компании');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: co.id, userId: manager.id, role: 'owner' });
    const entry = await savedEntry(manager.v, {
      title: 'Запись компании',
      entry: [text('Новости компании')],
      is_published: 1,
      subsite_id: co.id,
    });
    const offer = (await manager.v.get(`/v3.0/booster/${entry.id}`)).json().data;
    expect(offer.promotion).toEqual({ subsite_id: co.id, name: 'ООО Бустер', balance: 100_000 });
    const tooMuch = await manager.v.post(`/v3.0/booster/${entry.id}`, { budget: 1001, days: 2, pay_from: 'promotion' });
    expect(tooMuch.json().rm).toBe(messages.boosterPromotionTooLow);
    const ok = await manager.v.post(`/v3.0/booster/${entry.id}`, { budget: 700, days: 2, pay_from: 'promotion' });
    expect(ok.json().rc, ok.body).toBe(200);
    const id = ok.json().data.id as number;
    const promo = async () =>
      (await t.database.db.select().from(companyDetails).where(eq(companyDetails.subsiteId, co.id)))[0]
        .promotionBalance;
    expect(await promo()).toBe(30_000);
    // 2000 impressions bought; 500 shown.
    await t.database.db.update(distributions).set({ impressions: 500 }).where(eq(distributions.id, id));
    expect(await settleBoosters(t.app.ctx)).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 3 * 86_400_000);
    expect(await settleBoosters(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await promo()).toBe(30_000 + 52_500);
    expect(await settleBoosters(t.app.ctx)).toBe(0);
    expect(await promo()).toBe(82_500);
    const [row] = await t.database.db.select().from(distributions).where(eq(distributions.id, id));
    expect(row.state).toBe('archived');
  });

  it('a stopped booster returns its unspent part to the balance once', async () => {
    const { author, entryId } = await authorWithEntry('Остановленная запись', 100_000);
    const bought = await author.v.post(`/v3.0/booster/${entryId}`, { budget: 350, days: 5, pay_from: 'balance' });
    const id = bought.json().data.id as number;
    await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'not_launched' });
    await settleBoosters(t.app.ctx);
    await settleBoosters(t.app.ctx);
    expect(await balanceOf(t.app.ctx, author.id)).toBe(100_000);
    const refunds = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, author.id), like(ledger.idempotencyKey, 'booster-refund:%')));
    expect(refunds.map((r) => r.amount)).toEqual([35_000]);
    // A new booster of the entry is possible once settled.
    const again = await author.v.post(`/v3.0/booster/${entryId}`, { budget: 100, days: 1, pay_from: 'balance' });
    expect(again.json().rc, again.body).toBe(200);
    await flushAnalytics(t.app.ctx);
  });
});
