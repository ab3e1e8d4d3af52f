import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from './testing.ts';
import { entries } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { HOLD_HOURS } from './fields.ts';

/** `is_holdonflash` (the flash block's hold) and `is_disabled_apps` (left out of the apps) (issue 32, point 6). */
const { t, staff } = useTestApp();

type Json = Record<string, any>;
const SAVE = '/v3.0/writing/save';
const body = (over: Json = {}) => ({ title: 'Запись', entry: [text('Вступление записи')], ...over });
const rowOf = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];
const ids = (page: Json) => (page.items as Json[]).map((c) => c.id);
/** What «Популярное» reads: the main feed's top of the day (and of the week). */
const flashBlock = async (v: Visitor, sorting = 'day', extra = '') =>
  (await v.get(`/v3.0/feed?sorting=${sorting}&count=5${extra}`)).json().data;

async function tokenOf(v: Visitor) {
  const res = await v.post('/v3.0/tokens/create', { name: 'приложение', scope: 'read', days: 30 });
  expect(res.json().rc, res.body).toBe(200);
  return { headers: { 'x-device-token': res.json().data.token as string }, csrf: false };
}

describe('is_holdonflash', () => {
  it('holds the entry first in the flash block (the tops of the day and week) for its hours, then lets it go', async () => {
    const author = await newUser(t.app, 'Автор Молнии');
    const voter = await newUser(t.app, 'Читатель Молнии');
    const held = await savedEntry(author.v, body({ title: 'Держим в молнии', is_published: 1 }));
    const popular = await savedEntry(author.v, body({ title: 'Популярная запись', is_published: 1 }));
    await voter.v.post(`/v3.0/like`, { id: popular.id, type: 'content', sign: 1 });
    await savedEntry(staff, body({ id: held.id, title: 'Держим в молнии', is_published: 1, is_holdonflash: 1 }));

    const got = (await staff.get(`/v3.0/writing/get/${held.id}`)).json().data.entry;
    expect(got.is_holdonflash).toBe(true);
    expect(Date.parse(got.holdonflash_until) - t.clock.now.getTime()).toBe(HOLD_HOURS * 3_600_000);
    for (const sorting of ['day', 'week']) {
      for (const v of [new Visitor(t.app), voter.v]) {
        const page = await flashBlock(v, sorting);
        expect(page.items[0], sorting).toMatchObject({ id: held.id, is_held: true });
        expect(ids(page).filter((id) => id === held.id)).toHaveLength(1);
      }
    }
    // Only the flash block: the main feed by hotness and /new keep it at its own place.
    for (const sorting of ['hotness', 'date']) {
      const items = (await new Visitor(t.app).get(`/v3.0/feed?sorting=${sorting}`)).json().data.items as Json[];
      expect(items.find((c) => c.id === held.id)?.is_held, sorting).toBeUndefined();
    }
    // The entry being read is not offered under itself (`content_id`), held or not.
    expect(ids(await flashBlock(new Visitor(t.app), 'day', `&content_id=${held.id}`))).not.toContain(held.id);

    const was = t.clock.now;
    t.clock.now = new Date(was.getTime() + HOLD_HOURS * 3_600_000 + 1000);
    try {
      const page = await flashBlock(new Visitor(t.app), 'week');
      expect(page.items.find((c: Json) => c.id === held.id)?.is_held).toBeUndefined();
      expect((await staff.get(`/v3.0/writing/get/${held.id}`)).json().data.entry.is_holdonflash).toBe(false);
    } finally {
      t.clock.now = was;
    }
    // A length of its own; turned off it ends at once.
    await savedEntry(staff, body({ id: held.id, is_published: 1, is_holdonflash: 1, holdonflash_hours: 30 }));
    const until = (await rowOf(held.id)).holdOnFlashUntil;
    expect(until!.getTime() - t.clock.now.getTime()).toBe(30 * 3_600_000);
    await savedEntry(staff, body({ id: held.id, is_published: 1, is_holdonflash: 0 }));
    expect((await rowOf(held.id)).holdOnFlashUntil).toBeNull();
  });

  it('is refused from the author and for bad lengths, with nothing changed', async () => {
    const author = await newUser(t.app, 'Автор Без Права');
    const e = await savedEntry(author.v, body({ is_published: 1 }));
    const before = await rowOf(e.id);
    for (const over of [{ is_holdonflash: 1 }, { is_holdonflash: 0, holdonflash_hours: 3 }]) {
      const res = await author.v.post(SAVE, body({ id: e.id, is_published: 1, ...over }));
      // Sending it off with a length while it is off changes nothing: echoed, it passes.
      if ('holdonflash_hours' in over) {
        expect(res.json().rc, res.body).toBe(200);
        continue;
      }
      expect(isRussianError(res, 403)).toBe(true);
      expect(res.json()).toMatchObject({ error: 'entry_field_staff_only', rm: messages.entryFieldStaffOnly });
    }
    const denied = await author.v.post(
      SAVE,
      body({ id: e.id, is_published: 1, is_holdonflash: 1, holdonflash_hours: 5 }),
    );
    expect(isRussianError(denied, 403)).toBe(true);
    for (const hours of [0, 73, '1e3', 'два', 1e12, -1]) {
      const res = await staff.post(
        SAVE,
        body({ id: e.id, is_published: 1, is_holdonflash: 1, holdonflash_hours: hours }),
      );
      expect(isRussianError(res, 400), String(hours)).toBe(true);
      expect(res.json().rm).toBe(messages.entryHoldFlashHoursInvalid);
    }
    expect(await rowOf(e.id)).toMatchObject({ holdOnFlashUntil: before.holdOnFlashUntil, title: before.title });
  });
});

describe('is_disabled_apps', () => {
  it('leaves the entry out of what apps (API tokens) read; the site and its author still see it', async () => {
    const author = await newUser(t.app, 'Автор Сайта');
    const reader = await newUser(t.app, 'Читатель Приложения');
    const off = await savedEntry(author.v, body({ title: 'Только на сайте', is_published: 1 }));
    const on = await savedEntry(author.v, body({ title: 'Везде', is_published: 1 }));
    await savedEntry(staff, body({ id: off.id, title: 'Только на сайте', is_published: 1, is_disabled_apps: 1 }));
    const app = await tokenOf(reader.v);
    const ownApp = await tokenOf(author.v);

    // The feeds: the app gets the page without it (the cursor unchanged), the site's reader with it.
    for (const query of ['sorting=date', `subsite_id=${author.id}&sorting=date`, 'sorting=day']) {
      const viaApp = (await reader.v.get(`/v3.0/feed?${query}`, app)).json().data;
      const onSite = (await reader.v.get(`/v3.0/feed?${query}`)).json().data;
      expect(ids(viaApp), query).not.toContain(off.id);
      expect(ids(viaApp), query).toContain(on.id);
      expect(ids(onSite), query).toContain(off.id);
    }
    // The entry: a Russian 403 with its address on the site for the app; the site's API and the author's app read it.
    const res = await reader.v.get(`/v3.0/entry/${off.id}`, app);
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json()).toMatchObject({ rm: messages.entryDisabledInApps, error: 'entry_disabled_in_apps' });
    expect(res.json().url ?? res.json().data?.url).toMatch(new RegExp(`/${off.id}-`));
    expect((await reader.v.get(`/v3.0/entry/${off.id}`)).json().data.entry.title).toBe('Только на сайте');
    expect((await new Visitor(t.app).get(`/v3.0/entry/${off.id}`)).json().rc).toBe(200);
    expect((await author.v.get(`/v3.0/entry/${off.id}`, ownApp)).json().data.entry.is_disabled_apps).toBe(true);
    expect((await reader.v.get(`/v3.0/entry/${on.id}`, app)).json().rc).toBe(200);
    // Turned off again, the app reads it.
    await savedEntry(staff, body({ id: off.id, title: 'Только на сайте', is_published: 1, is_disabled_apps: 0 }));
    expect((await reader.v.get(`/v3.0/entry/${off.id}`, app)).json().rc).toBe(200);
  });
});
