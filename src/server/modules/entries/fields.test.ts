import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from './testing.ts';
import { comments, entries } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { HOLD_HOURS } from './fields.ts';

/** The entry model's remaining fields (spec/content.md §3, issue 32 point 6): who sets them and what they change. */
const { t, staff } = useTestApp({ countryHeader: 'cf-ipcountry' });

type Json = Record<string, any>;
const SAVE = '/v3.0/writing/save';
const signedIn = (name = 'Автор Полей') => newUser(t.app, name);
const body = (over: Json = {}) => ({ title: 'Запись с полями', entry: [text('Вступление записи')], ...over });
const created = (v: Visitor, over: Json = {}) => savedEntry(v, body({ is_published: 1, ...over }));
const rowOf = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];
const forEdit = async (v: Visitor, id: number) => (await v.get(`/v3.0/writing/get/${id}`)).json().data.entry as Json;

/** Every field of the spec's entry model (spec/content.md §3). */
const SPEC_FIELDS = (
  'id, type, title, entry, date, modification_date, forced_to_mainpage, is_published, is_advertisement, ' +
  'is_enabled_likes, is_enabled_best_comments, is_enabled_comments, is_still_updating, is_approved_for_public_rss, ' +
  'is_show_thanks, is_clean_cover, locked_by_admin, external_access, path, subsite_id, subsite_name, removed, ' +
  'user_id, access_link, is_closed_editing, withheld, custom_style, is_holdonmain, is_holdonflash, is_editorial, ' +
  'is_disabled_apps, custom_cover, url, external_access_link, is_special, is_filled_by_editors, is_hidden_for_plus, ' +
  'is_enabled_ad, is_nsfw, attaches'
).split(', ');

const UUID = '0b6c3f0e-3f4e-4c9e-9d7a-2b1f4c5d6e7f';
const cover = { url: 'https://example.ru/cover.png', width: 1200, height: 630 };

describe('the entry model: the author’s fields', () => {
  it('writing/get answers every field of the spec; the author sets theirs and the card shows the marks', async () => {
    const author = await signedIn();
    const e = await created(author.v, {
      is_advertisement: 1,
      is_still_updating: '1',
      is_enabled_best_comments: 0,
      is_show_thanks: false,
      is_clean_cover: 1,
      custom_cover: cover,
      entry: [text('Текст'), { type: 'media', data: { items: [{ image: { uuid: UUID, width: 10, height: 10 } }] } }],
    });
    const got = await forEdit(author.v, e.id);
    // `entry` is the blocks, as the editor sends them back.
    for (const field of SPEC_FIELDS.filter((f) => f !== 'entry')) expect(got, field).toHaveProperty(field);
    expect(got).toMatchObject({
      is_advertisement: true,
      is_still_updating: true,
      is_enabled_best_comments: false,
      is_show_thanks: false,
      is_clean_cover: true,
      custom_cover: cover,
      forced_to_mainpage: true,
      is_editorial: false,
      is_holdonmain: false,
      is_enabled_ad: true,
      withheld: [],
      custom_style: '',
      subsite_name: 'Автор Полей',
      path: e.url,
      attaches: [{ type: 'media' }],
    });
    // The card: the custom cover instead of the media block, the marks.
    const res = await new Visitor(t.app).get(`/v3.0/entry/${e.id}`);
    expect(res.json().rc, res.body).toBe(200);
    const card = res.json().data.entry;
    expect(card.cover).toEqual({ type: 'media', data: { items: [{ image: cover }] } });
    expect(card).toMatchObject({ is_advertisement: true, is_still_updating: true, is_clean_cover: true });
    // Clearing: '' or null removes the custom cover; absent fields keep their value.
    await savedEntry(author.v, body({ id: e.id, is_published: 1, custom_cover: '' }));
    expect(await forEdit(author.v, e.id)).toMatchObject({ custom_cover: null, is_advertisement: true });
  });

  it('refuses malformed fields with a Russian 400 and changes nothing', async () => {
    const author = await signedIn();
    const e = await created(author.v);
    const before = await rowOf(e.id);
    const bad: [Json, string][] = [
      [{ is_advertisement: 'да' }, messages.entryFlagInvalid],
      [{ is_still_updating: 2 }, messages.entryFlagInvalid],
      [{ custom_cover: { url: 'javascript:alert(1)', width: 1, height: 1 } }, messages.entryBlockUrlInvalid],
      [{ custom_cover: { url: 'https://example.ru/a.png' } }, messages.entryBlockImageInvalid],
      [{ custom_cover: 'https://example.ru/a.png' }, messages.entryBlockImageInvalid],
      [{ withheld: 'RUS' }, messages.entryWithheldInvalid],
      [{ withheld: Array.from({ length: 51 }, () => 'RU') }, messages.entryWithheldInvalid],
      [{ custom_style: '<script>' }, messages.entryCustomStyleInvalid],
      [{ custom_style: 'a'.repeat(201) }, messages.entryCustomStyleInvalid],
      [{ holdonmain_hours: 0 }, messages.entryHoldHoursInvalid],
      [{ holdonmain_hours: 73 }, messages.entryHoldHoursInvalid],
      [{ is_holdonmain: 1, holdonmain_hours: '1e3' }, messages.entryHoldHoursInvalid],
      [{ is_editorial_mark: 1 }, messages.unknownField('is_editorial_mark')],
    ];
    for (const [over, rm] of bad) {
      for (const v of [author.v, staff]) {
        const res = await v.post(SAVE, body({ id: e.id, is_published: 1, ...over }));
        expect(isRussianError(res, 400), JSON.stringify(over) + res.body).toBe(true);
        expect(res.json().rm).toBe(rm);
      }
    }
    expect(await rowOf(e.id)).toEqual(before);
  });

  it('the thanks block: off, the entry takes no donations', async () => {
    const author = await signedIn();
    const reader = await signedIn('Даритель');
    const e = await created(author.v, { entry: [text('Текст'), { type: 'donation', data: {} }], is_show_thanks: 0 });
    const res = await reader.v.post('/v3.0/donations/balance', { entry_id: e.id, amount: 10000 });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.donationsDisabled);
  });

  it('best comments: the first page of the discussion shows the best rated above it while the author keeps them on', async () => {
    const author = await signedIn();
    const reader = await signedIn('Комментатор');
    const e = await created(author.v);
    const ids: number[] = [];
    for (const s of ['первый', 'второй', 'третий', 'четвёртый', 'пятый']) {
      const res = await reader.v.post('/v3.0/comment/add', { id: e.id, text: `Комментарий ${s}` });
      expect(res.json().rc, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const summs = [1, 5, 3, 9, 4];
    for (const [i, id] of ids.entries())
      await t.database.db.update(comments).set({ likesSumm: summs[i] }).where(eq(comments.id, id));
    const page = async () => (await new Visitor(t.app).get(`/v3.0/comments?content_id=${e.id}&count=15`)).json().data;
    expect((await page()).best.map((c: Json) => c.id)).toEqual([ids[3], ids[1], ids[4]]);
    // Later pages and replies carry none.
    expect((await new Visitor(t.app).get(`/v3.0/comments?content_id=${e.id}&count=1`)).json().data.best).toHaveLength(
      3,
    );
    await savedEntry(author.v, body({ id: e.id, is_published: 1, is_enabled_best_comments: 0 }));
    expect((await page()).best).toBeUndefined();
  });
});

describe('the entry model: staff’s fields', () => {
  it('others may send them only unchanged (403, nothing changed); staff set them', async () => {
    const author = await signedIn();
    const e = await created(author.v);
    // Echoing the current values keeps working.
    await savedEntry(
      author.v,
      body({ id: e.id, is_published: 1, forced_to_mainpage: 1, is_editorial: 0, withheld: '', custom_style: '' }),
    );
    const before = await rowOf(e.id);
    const onMain = async () =>
      ((await new Visitor(t.app).get('/v3.0/feed?sorting=date')).json().data.items as Json[]).map((c) => c.id);
    expect(await onMain()).toContain(e.id);
    for (const over of [
      { forced_to_mainpage: 0 },
      { is_editorial: 1 },
      { is_holdonmain: 1 },
      { is_holdonflash: 1 },
      { is_special: 1 },
      { is_filled_by_editors: 1 },
      { is_enabled_ad: 0 },
      { is_disabled_apps: 1 },
      { custom_style: 'special-red' },
      { withheld: 'RU' },
      { holdonmain_hours: 5, is_holdonmain: 1 },
    ]) {
      const res = await author.v.post(SAVE, body({ id: e.id, is_published: 1, ...over }));
      expect(isRussianError(res, 403), JSON.stringify(over)).toBe(true);
      expect(res.json()).toMatchObject({ rm: messages.entryFieldStaffOnly, error: 'entry_field_staff_only' });
    }
    // A new entry too.
    expect(isRussianError(await author.v.post(SAVE, body({ is_published: 0, is_editorial: 1 })), 403)).toBe(true);
    expect(await rowOf(e.id)).toEqual(before);

    await savedEntry(
      staff,
      body({
        id: e.id,
        is_published: 1,
        is_editorial: 1,
        is_special: 1,
        is_filled_by_editors: 1,
        is_enabled_ad: 0,
        is_disabled_apps: 1,
        is_holdonflash: 1,
        custom_style: 'special-red wide',
        withheld: 'ru, by,RU',
        forced_to_mainpage: 0,
      }),
    );
    expect(await forEdit(author.v, e.id)).toMatchObject({
      is_editorial: true,
      is_special: true,
      is_filled_by_editors: true,
      is_enabled_ad: false,
      is_disabled_apps: true,
      is_holdonflash: true,
      custom_style: 'special-red wide',
      withheld: ['RU', 'BY'],
      forced_to_mainpage: false,
      is_hidden_from_main: true,
    });
    // The editorial, special-project and filled-by-editors marks are on the card for every reader.
    expect((await new Visitor(t.app).get(`/v3.0/entry/${e.id}`)).json().data.entry).toMatchObject({
      is_editorial: true,
      is_special: true,
      is_filled_by_editors: true,
    });
    // forced_to_mainpage off: the main feed (/new too) leaves it out; the author's blog keeps it.
    expect(await onMain()).not.toContain(e.id);
    const blog = await new Visitor(t.app).get(`/v3.0/feed?subsite_id=${author.id}&sorting=date`);
    expect(blog.json().data.items.map((c: Json) => c.id)).toContain(e.id);
  });

  it('is_holdonmain holds the entry at the top of the main feed for its hours, then lets it go', async () => {
    const author = await signedIn();
    const held = await created(author.v, { title: 'Держим наверху' });
    // Newer entries come after it, yet it stays on top.
    await created(author.v, { title: 'Свежая запись' });
    await savedEntry(staff, body({ id: held.id, title: 'Держим наверху', is_published: 1, is_holdonmain: 1 }));
    const main = async (v: Visitor) => (await v.get('/v3.0/feed?sorting=hotness')).json().data;
    for (const v of [new Visitor(t.app), author.v]) {
      const page = await main(v);
      expect(page.items[0]).toMatchObject({ id: held.id, is_held: true });
      expect(page.items.filter((c: Json) => c.id === held.id)).toHaveLength(1);
    }
    const got = await forEdit(staff, held.id);
    expect(got.is_holdonmain).toBe(true);
    expect(Date.parse(got.holdonmain_until) - t.clock.now.getTime()).toBe(HOLD_HOURS * 3_600_000);
    // Not on other feeds' tops, and not on a later page.
    const later = (await new Visitor(t.app).get(`/v3.0/feed?sorting=hotness&count=1`)).json().data;
    const next = await new Visitor(t.app).get(
      `/v3.0/feed?sorting=hotness&last_id=${later.last_id}&last_sorting_value=${later.last_sorting_value}`,
    );
    expect(next.json().data.items.map((c: Json) => c.id)).not.toContain(held.id);
    // `/new`, the main feed by date, keeps it at its own time.
    const byDate = (await new Visitor(t.app).get('/v3.0/feed?sorting=date')).json().data.items as Json[];
    expect(byDate.find((c) => c.id === held.id)?.is_held).toBeUndefined();
    const blog = (await new Visitor(t.app).get(`/v3.0/feed?subsite_id=${author.id}&sorting=date`)).json().data;
    expect(blog.items[0].is_held).toBeUndefined();

    const was = t.clock.now;
    t.clock.now = new Date(was.getTime() + HOLD_HOURS * 3_600_000 + 1000);
    try {
      expect((await main(new Visitor(t.app))).items.find((c: Json) => c.id === held.id)?.is_held).toBeUndefined();
      expect((await forEdit(staff, held.id)).is_holdonmain).toBe(false);
    } finally {
      t.clock.now = was;
    }
    // Staff end a hold at once.
    await savedEntry(staff, body({ id: held.id, is_published: 1, is_holdonmain: 1, holdonmain_hours: 2 }));
    await savedEntry(staff, body({ id: held.id, is_published: 1, is_holdonmain: 0 }));
    expect((await rowOf(held.id)).holdOnMainUntil).toBeNull();
  });

  it('withheld: readers of those regions get the legal stub, others and the author the text', async () => {
    const author = await signedIn();
    const e = await created(author.v, { entry: [text('Спорный текст')] });
    await savedEntry(staff, body({ id: e.id, is_published: 1, withheld: ['RU'] }));
    const from = (country: string) =>
      new Visitor(t.app).get(`/v3.0/entry/${e.id}`, { headers: { 'cf-ipcountry': country } });
    const there = (await from('ru')).json().data.entry;
    expect(there).toMatchObject({ is_withheld_here: true, blocks: [], intro: '', cover: null, attaches: [] });
    for (const country of ['KZ', 'XX1', '']) {
      const entry = (await from(country)).json().data.entry;
      expect(entry.is_withheld_here, country).toBe(false);
      expect(entry.blocks).toHaveLength(1);
    }
    const own = await author.v.get(`/v3.0/entry/${e.id}`, { headers: { 'cf-ipcountry': 'RU' } });
    expect(own.json().data.entry.is_withheld_here).toBe(false);
  });
});

describe('the secret link (access_link, external_access)', () => {
  it('shows a draft to whoever has the link once its author shares it; renewing stops the old one', async () => {
    const author = await signedIn();
    const other = await signedIn('Посторонний');
    const d = await savedEntry(author.v, body({ is_published: 0 }));
    const own = await forEdit(author.v, d.id);
    const key = /access=([0-9a-f]{32})$/.exec(own.access_link)![1];
    expect(own.external_access_link).toBe(t.config.publicUrl + own.access_link);
    const read = (v: Visitor, k = key) => v.get(`/v3.0/entry/${d.id}?access=${k}`);
    // Not shared yet.
    expect(isRussianError(await read(new Visitor(t.app)), 404)).toBe(true);

    await savedEntry(author.v, body({ id: d.id, is_published: 0, external_access: 1 }));
    for (const v of [new Visitor(t.app), other.v]) {
      const entry = (await read(v)).json().data.entry;
      expect(entry).toMatchObject({ id: d.id, is_published: false, access_link: null, external_access_link: null });
    }
    // Another key, or none, opens nothing; a malformed one is a 400.
    expect(isRussianError(await read(other.v, 'f'.repeat(32)), 404)).toBe(true);
    expect(isRussianError(await other.v.get(`/v3.0/entry/${d.id}`), 404)).toBe(true);
    for (const bad of ['xyz', 'F'.repeat(32), 'f'.repeat(33)]) {
      const res = await read(other.v, bad);
      expect(isRussianError(res, 400), bad).toBe(true);
      expect(res.json().rm).toBe(messages.entryAccessInvalid);
    }
    // The key does not open another entry.
    const second = await savedEntry(author.v, body({ is_published: 0, external_access: 1 }));
    expect(isRussianError(await other.v.get(`/v3.0/entry/${second.id}?access=${key}`), 404)).toBe(true);

    await savedEntry(author.v, body({ id: d.id, is_published: 0, renew_access_link: 1 }));
    expect(isRussianError(await read(other.v), 404)).toBe(true);
    const renewed = (await forEdit(author.v, d.id)).access_link as string;
    expect(renewed).not.toBe(own.access_link);
    expect((await other.v.get(`/v3.0/entry/${d.id}?${renewed.split('?')[1]}`)).json().rc).toBe(200);
    // Turned off, or removed: closed again.
    await savedEntry(author.v, body({ id: d.id, is_published: 0, external_access: 0 }));
    expect(isRussianError(await other.v.get(`/v3.0/entry/${d.id}?${renewed.split('?')[1]}`), 404)).toBe(true);
    // Another user cannot turn it on, nor read the links.
    expect(
      isRussianError(await other.v.post(SAVE, body({ id: second.id, is_published: 0, external_access: 0 })), 404),
    ).toBe(true);
    const published = await created(author.v);
    expect((await other.v.get(`/v3.0/entry/${published.id}`)).json().data.entry.access_link).toBeNull();
  });
});
