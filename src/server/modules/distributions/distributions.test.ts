import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { AD_HOLD_MS } from '../../../shared/ads.ts';
import { distributionHits, outbox, plusSettings, users } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

const { t, staff, signedIn } = useTestApp();

/** A valid campaign body; `over` changes fields. */
export const goodCampaign = (over: Record<string, unknown> = {}) => ({
  format: 'native',
  title: 'Курсы программирования',
  text: 'Научим писать на TypeScript за три месяца.',
  image_url: '/media/0b6a8f5e-3c1d-4f7a-9e2b-1a2b3c4d5e6f/',
  url: 'https://example.ru/courses',
  advertiser: 'ООО «Ромашка»',
  inn: '7707083893',
  erid: 'Kra23f4Ld',
  places: ['feed', 'entry'],
  devices: ['desktop', 'phone'],
  impression_cap: 1000,
  ...over,
});

const later = () => {
  t.clock.now = new Date(t.clock.now.getTime() + AD_HOLD_MS + 1000);
};

async function launched(over: Record<string, unknown> = {}) {
  const res = await staff.post('/v3.0/admin/distributions/create', goodCampaign(over));
  expect(res.json().rc, res.body).toBe(200);
  const id = res.json().data.id as number;
  const on = await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'launched' });
  expect(on.json().rm).toBe(messages.distributionLaunched);
  later();
  return id;
}

const random = (v: Visitor, q: string) => v.get(`/v3.0/distributions/random?${q}`);
const archiveAll = async () => {
  for (const d of (await staff.get('/v3.0/admin/distributions')).json().data.items)
    if (d.state !== 'archived') await staff.post(`/v3.0/admin/distributions/${d.id}/state`, { state: 'archived' });
};

describe('campaigns', () => {
  it('show after the 4-hour hold; a change waits too while the old version keeps showing', async () => {
    await archiveAll();
    const res = await staff.post('/v3.0/admin/distributions/create', goodCampaign());
    expect(res.json().rm).toBe(messages.distributionCreated);
    const id = res.json().data.id;
    expect(res.json().data).toMatchObject({ state: 'not_launched', impressions: 0, impression_limit: 1000 });
    await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'launched' });
    const reader = new Visitor(t.app);
    expect((await random(reader, 'place=feed')).json().data.unitData).toBeNull();
    later();
    const unit = (await random(reader, 'place=feed')).json().data.unitData;
    expect(unit).toMatchObject({
      id,
      title: 'Курсы программирования',
      url: 'https://example.ru/courses',
      isPaidAndBannersEnabled: false,
      advertiser: 'ООО «Ромашка»',
      inn: '7707083893',
      erid: 'Kra23f4Ld',
    });
    const edited = await staff.post(`/v3.0/admin/distributions/${id}/edit`, goodCampaign({ title: 'Новый заголовок' }));
    expect(edited.json().rm).toBe(messages.distributionSaved);
    expect(edited.json().data.shown.title).toBe('Курсы программирования');
    expect((await random(reader, 'place=feed')).json().data.unitData.title).toBe('Курсы программирования');
    later();
    expect((await random(reader, 'place=feed')).json().data.unitData.title).toBe('Новый заголовок');
    // Places it does not target, and a stopped campaign, show nothing.
    expect((await random(reader, 'place=floating')).json().data.unitData).toBeNull();
    await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'not_launched' });
    expect((await random(reader, 'place=feed')).json().data.unitData).toBeNull();
    const archived = await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'archived' });
    expect(archived.json().data.state).toBe('archived');
    expect(isRussianError(await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'launched' }), 409)).toBe(
      true,
    );
  });

  it('targeted at a hashtag, shows only under entries with that tag', async () => {
    await archiveAll();
    const author = await signedIn('Автор Записей');
    const publish = async (s: string) =>
      (await savedEntry(author.v, { title: 'Запись', entry: [text(s)], is_published: 1 })).id as number;
    const tagged = await publish('Про код #typescript и не только');
    const other = await publish('Про котов #коты');
    const id = await launched({ tags: '#TypeScript, js', places: ['entry'] });
    const reader = new Visitor(t.app);
    expect((await random(reader, `place=entry&entry_id=${tagged}`)).json().data.unitData?.id).toBe(id);
    expect((await random(reader, `place=entry&entry_id=${other}`)).json().data.unitData).toBeNull();
    expect((await random(reader, 'place=entry')).json().data.unitData).toBeNull();
  });

  it('stops at its impression cap, counted by hits, and keeps each reader to its frequency', async () => {
    await archiveAll();
    const id = await launched({ impression_cap: 3, frequency_cap: 2 });
    const one = new Visitor(t.app);
    for (let i = 0; i < 2; i++) {
      expect((await random(one, 'place=feed')).json().data.unitData?.id).toBe(id);
      expect((await one.post(`/v3.0/distributions/${id}/hit`, { place: 'feed' })).json().data.impressions).toBe(i + 1);
    }
    // Two for this reader today: no more for them, but another still sees it.
    expect((await random(one, 'place=feed')).json().data.unitData).toBeNull();
    const two = new Visitor(t.app);
    expect((await random(two, 'place=feed')).json().data.unitData?.id).toBe(id);
    await two.post(`/v3.0/distributions/${id}/hit`, { place: 'feed' });
    expect((await random(new Visitor(t.app), 'place=feed')).json().data.unitData).toBeNull();
    // Past the cap a hit counts no more.
    expect((await two.post(`/v3.0/distributions/${id}/hit`, { place: 'feed' })).json().data.impressions).toBe(3);
    const rows = await t.database.db.select().from(distributionHits).where(eq(distributionHits.distributionId, id));
    expect(rows.map((r) => r.place)).toEqual(['feed', 'feed', 'feed']);
  });

  it('a budget buys impressions at the format’s price; never shown to a Plus reader who switched ads off', async () => {
    await archiveAll();
    const prices = await staff.post('/v3.0/admin/distributions/prices', { native: 500, banner: 200 });
    expect(prices.json().rm).toBe(messages.adPricesSaved);
    const id = await launched({ impression_cap: null, budget: 1000 });
    const list = (await staff.get('/v3.0/admin/distributions')).json().data.items;
    expect(list.find((d: { id: number }) => d.id === id).impression_limit).toBe(2000);
    const plus = await signedIn('Читатель С Плюсом');
    await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, plus.id));
    expect((await random(plus.v, 'place=feed')).json().data.unitData).toMatchObject({
      id,
      isPaidAndBannersEnabled: true,
    });
    await t.database.db.insert(plusSettings).values({ userId: plus.id, hideAds: true });
    expect((await random(plus.v, 'place=feed')).json().data.unitData).toBeNull();
  });
});

describe('with the shared caches on', () => {
  it('reads the launched campaigns once per 2 s: an archived one still shows within them, not after', async () => {
    t.app.ctx.config.sharedCaches = true;
    try {
      await archiveAll();
      const id = await launched();
      expect((await random(new Visitor(t.app), 'place=feed')).json().data.unitData?.id).toBe(id);
      await staff.post(`/v3.0/admin/distributions/${id}/state`, { state: 'archived' });
      expect((await random(new Visitor(t.app), 'place=feed')).json().data.unitData?.id).toBe(id);
      t.clock.now = new Date(t.clock.now.getTime() + 2100);
      expect((await random(new Visitor(t.app), 'place=feed')).json().data.unitData).toBeNull();
    } finally {
      t.app.ctx.config.sharedCaches = false;
    }
  });
});

describe('refusals', () => {
  it('refuses readers on staff routes and bad input with Russian messages', async () => {
    const reader = await signedIn();
    expect(isRussianError(await reader.v.get('/v3.0/admin/distributions'), 403)).toBe(true);
    expect(isRussianError(await reader.v.post('/v3.0/admin/distributions/create', goodCampaign()), 403)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/admin/distributions/create', goodCampaign()), 401)).toBe(
      true,
    );
    expect(isRussianError(await reader.v.post('/v3.0/admin/distributions/prices', { native: 1, banner: 1 }), 403)).toBe(
      true,
    );
    expect(isRussianError(await reader.v.get('/v3.0/admin/distributions/requests'), 403)).toBe(true);
    const bad: [Record<string, unknown>, string][] = [
      [{ inn: '1234567890' }, messages.distributionInnInvalid],
      [{ url: 'javascript:alert(1)' }, messages.distributionUrlInvalid],
      [{ image_url: '//evil.example/x.png' }, messages.distributionImageInvalid],
      [{ places: [] }, messages.distributionPlacesRequired],
      [{ places: ['sky'] }, messages.distributionPlacesRequired],
      [{ devices: 'tv' }, messages.distributionDevicesRequired],
      [{ impression_cap: null }, messages.distributionLimitRequired],
      [{ impression_cap: '1e3' }, messages.distributionCapInvalid],
      [{ starts_on: '2030-05-02', ends_on: '2030-05-01' }, messages.distributionDaysOrder],
      [{ starts_on: '2030-13-45' }, messages.distributionDayInvalid],
      [{ format: 'video' }, messages.distributionFormatInvalid],
      [{ text: '' }, messages.distributionNativeTextRequired],
      [{ erid: 'не токен' }, messages.distributionEridInvalid],
      [{ tags: 'a b c' }, messages.distributionTagsInvalid],
      [{ title: 42 }, messages.distributionTitleRequired],
      [{ extra: 1 }, messages.unknownField('extra')],
    ];
    for (const [over, rm] of bad) {
      const res = await staff.post('/v3.0/admin/distributions/create', goodCampaign(over));
      expect(isRussianError(res, 400), JSON.stringify(over)).toBe(true);
      expect(res.json().rm, JSON.stringify(over)).toBe(rm);
    }
    expect(isRussianError(await staff.post('/v3.0/admin/distributions/999999/edit', goodCampaign()), 404)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/admin/distributions/abc/state', { state: 'launched' }), 400)).toBe(
      true,
    );
    expect(isRussianError(await staff.post('/v3.0/admin/distributions/1/state', { state: 'paused' }), 400)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/admin/distributions/prices', { native: 0, banner: 1 }), 400)).toBe(
      true,
    );
  });

  it('refuses bad unit requests and hits', async () => {
    const v = new Visitor(t.app);
    expect(isRussianError(await random(v, 'place=sky'), 400)).toBe(true);
    expect(isRussianError(await random(v, ''), 400)).toBe(true);
    expect(isRussianError(await random(v, 'place=feed&entry_id=-1'), 400)).toBe(true);
    expect(isRussianError(await random(v, 'place=feed&device=tv'), 400)).toBe(true);
    expect(isRussianError(await random(v, 'place=feed&section=nowhere'), 400)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/distributions/999999/hit', { place: 'feed' }), 404)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/distributions/1/hit', { place: 'sky' }), 400)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/distributions/1/hit', {}), 400)).toBe(true);
    await archiveAll();
    const id = await launched({ places: ['feed'] });
    const wrong = await v.post(`/v3.0/distributions/${id}/hit`, { place: 'floating' });
    expect(isRussianError(wrong, 400)).toBe(true);
    expect(wrong.json().rm).toBe(messages.distributionPlaceNotTargeted);
  });
});

describe('the layout’s propaganda option', () => {
  it('is on for feeds and entries, off for other pages, off-all where no ads belong', async () => {
    const v = new Visitor(t.app);
    const propaganda = async (url: string) =>
      (await v.get(`/v3.0/initialData?url=${encodeURIComponent(url)}`)).json().data.layout_options.propaganda;
    expect(await propaganda('/')).toBe('on');
    expect(await propaganda('/u/1-someone/5-zapis')).toBe('on');
    expect(await propaganda('/rating')).toBe('off');
    expect(await propaganda('/ad')).toBe('off-all');
    expect(await propaganda('/admin/ads')).toBe('off-all');
    expect(await propaganda('/plus')).toBe('off-all');
  });
});

describe('/ad and the probes', () => {
  it('a request from /ad is kept for staff and reaches them as a letter', async () => {
    const v = new Visitor(t.app);
    const res = await v.post('/ad/request', {
      name: 'Ирина',
      email: 'irina@example.ru',
      company: 'ООО «Ромашка»',
      format: 'native',
      message: 'Хотим рассказать о курсах',
    });
    expect(res.json().rm, res.body).toBe(messages.adRequestSent);
    const list = (await staff.get('/v3.0/admin/distributions/requests')).json().data.items;
    expect(list[0]).toMatchObject({ name: 'Ирина', email: 'irina@example.ru', format: 'native' });
    const letters = await t.database.db.select().from(outbox).where(eq(outbox.subject, messages.adRequestMailSubject));
    expect(letters.length).toBe(1);
    expect(letters[0].text).toContain('Хотим рассказать о курсах');
    expect(isRussianError(await v.post('/ad/request', { name: 'Ирина', email: 'нет', message: 'x' }), 400)).toBe(true);
    expect(isRussianError(await v.post('/ad/request', { name: '', email: 'a@b.ru', message: 'x' }), 400)).toBe(true);
    expect(isRussianError(await v.post('/ad/request', { name: 'И', email: 'a@b.ru', message: '' }), 400)).toBe(true);
  });

  it('answers the pixels with an uncached GIF and refuses a bad pixel query', async () => {
    const v = new Visitor(t.app);
    for (const path of ['/advert.gif', '/px.gif?ch=1&rn=abc123', '/px.gif?ch=2&rn=Z9']) {
      const res = await v.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(isRussianError(await v.get('/px.gif?ch=3&rn=abc'), 400)).toBe(true);
    expect(isRussianError(await v.get('/px.gif?ch=1&rn=<x>'), 400)).toBe(true);
    expect(isRussianError(await v.get('/px.gif?ch=1'), 400)).toBe(true);
  });
});
