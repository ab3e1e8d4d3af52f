import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { users } from '../../db/schema.ts';
import { mayFetch } from '../../lib/safe-fetch.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import * as streams from './service.ts';
import { startHlsOrigin, type HlsOrigin } from './testing.ts';

/** Live streams (issue 28 point 4): settings for staff and managers, the slot's stream, the player's calls, the proxy. */
const { t, staff } = useTestApp({ fetchAllowHosts: ['127.0.0.1'] });

let origin: HlsOrigin;
beforeAll(async () => {
  origin = await startHlsOrigin();
});
afterAll(() => origin?.close());

const SETTINGS = '/v3.0/private/liveStream/settings';
const site = (extra: Record<string, unknown> = {}) => ({
  source_url: origin.url,
  title: 'Прямая линия с редакцией',
  access: 'everyone',
  ...extra,
});

async function plusReader(name: string) {
  const u = await newUser(t.app, name);
  await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, u.id));
  const token = (await u.v.get('/v3.0/live/token/update')).json().data.token as string;
  return { ...u, token };
}

/** Follows the rewritten playlists from the stream's address down to its first segment, as a player does. */
async function firstSegment(v: Visitor, url: string) {
  const master = await v.get(url);
  expect(master.statusCode, master.body).toBe(200);
  expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  const variant = master.body.split('\n').find((l) => l && !l.startsWith('#'))!;
  const media = await v.get(variant);
  expect(media.statusCode).toBe(200);
  const segment = media.body.split('\n').find((l) => l && !l.startsWith('#'))!;
  return { master: master.body, media: media.body, variant, segment, bytes: await v.get(segment) };
}

describe('live stream settings', () => {
  it('staff set up the site stream, turn it on and off; the slot shows it on feeds and entries only while on', async () => {
    const empty = await staff.get(SETTINGS);
    expect(empty.json().data).toMatchObject({ id: null, subsite: null, is_enabled: false, access: 'everyone' });
    expect(isRussianError(await staff.post('/v3.0/private/liveStream/enable', {}), 400)).toBe(true);

    const saved = await staff.post(SETTINGS, site());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rm).toBe(messages.liveStreamSaved);
    expect(saved.json().data).toMatchObject({ kind: 'hls', source_url: origin.url, is_enabled: false });
    expect(await streams.forPage(t.app.ctx, '/', null)).toBeNull();

    const on = await staff.post('/v3.0/private/liveStream/enable', {});
    expect(on.json()).toMatchObject({ rc: 200, rm: messages.liveStreamEnabled, data: { is_enabled: true } });
    const card = (await streams.forPage(t.app.ctx, '/', null))!;
    expect(card).toMatchObject({ kind: 'hls', title: 'Прямая линия с редакцией', access: 'everyone', subsite: null });
    expect(JSON.stringify(card)).not.toContain('127.0.0.1');
    expect(await streams.forPage(t.app.ctx, '/u/1/5-zapis', null)).toMatchObject({ id: card.id });
    // Full pages have no slot; a reader who closed this stream sees none.
    for (const path of ['/settings', '/u/1/settings', '/messenger', '/admin'])
      expect(await streams.forPage(t.app.ctx, path, null), path).toBeNull();
    expect(await streams.forPage(t.app.ctx, '/', card.key)).toBeNull();

    const off = await staff.post('/v3.0/private/liveStream/disable', {});
    expect(off.json()).toMatchObject({ rc: 200, rm: messages.liveStreamDisabled, data: { is_enabled: false } });
    expect(await streams.forPage(t.app.ctx, '/', null)).toBeNull();
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/liveStream/${card.id}/play`), 404)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/liveStream/${card.id}/hls`), 404)).toBe(true);

    // Turned on again, the stream has a new key: a reader's earlier closing no longer hides it.
    t.clock.now = new Date(t.clock.now.getTime() + 5000);
    await staff.post('/v3.0/private/liveStream/enable', {});
    expect((await streams.forPage(t.app.ctx, '/', card.key))?.key).not.toBe(card.key);
  });

  it("a blog's owner runs its stream, shown on the blog and its entries instead of the site's; others may not", async () => {
    const owner = await newUser(t.app, 'Вера Ведущая');
    const stranger = await newUser(t.app, 'Семён Посторонний');
    const body = site({ subsite_id: owner.id, title: 'Эфир блога', source_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(isRussianError(await stranger.v.post(SETTINGS, body), 403)).toBe(true);
    expect(isRussianError(await stranger.v.get(`${SETTINGS}?subsite_id=${owner.id}`), 403)).toBe(true);
    expect(isRussianError(await owner.v.post(SETTINGS, site()), 403)).toBe(true);
    expect((await owner.v.post(SETTINGS, site())).json().rm).toBe(messages.liveStreamSiteForbidden);
    expect(isRussianError(await owner.v.post(SETTINGS, { ...body, subsite_id: 999_999 }), 404)).toBe(true);

    const saved = await owner.v.post(SETTINGS, body);
    expect(saved.json().data).toMatchObject({ kind: 'youtube', subsite: { id: owner.id, name: 'Вера Ведущая' } });
    expect(
      isRussianError(await stranger.v.post('/v3.0/private/liveStream/enable', { subsite_id: owner.id }), 403),
    ).toBe(true);
    await owner.v.post('/v3.0/private/liveStream/enable', { subsite_id: owner.id });
    await staff.post('/v3.0/private/liveStream/enable', {});

    const blog = (await streams.forPage(t.app.ctx, `/u/${owner.id}`, null))!;
    expect(blog).toMatchObject({ kind: 'youtube', title: 'Эфир блога', subsite: { id: owner.id } });
    expect((await streams.forPage(t.app.ctx, `/u/${owner.id}-vera/12-zapis`, null))?.id).toBe(blog.id);
    expect((await streams.forPage(t.app.ctx, `/u/${stranger.id}`, null))?.subsite).toBeNull();
    const played = await new Visitor(t.app).get(`/v3.0/liveStream/${blog.id}/play`);
    expect(played.json().data).toEqual({
      kind: 'youtube',
      url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    });

    // Staff run any subsite's stream; a VK Video link plays VK's player.
    const vk = await staff.post(SETTINGS, { ...body, source_url: 'https://vkvideo.ru/video-22822305_456241864' });
    expect(vk.json().data).toMatchObject({ kind: 'vk', is_enabled: true });
    expect((await new Visitor(t.app).get(`/v3.0/liveStream/${blog.id}/play`)).json().data.url).toBe(
      'https://vk.com/video_ext.php?oid=-22822305&id=456241864&autoplay=1',
    );
  });
});

describe('playing', () => {
  it("an HLS stream plays through the site: playlists rewritten to signed addresses, the source's bytes unchanged", async () => {
    await staff.post(SETTINGS, site());
    const { data } = (await staff.post('/v3.0/private/liveStream/enable', {})).json();
    const anyone = new Visitor(t.app);
    const play = (await anyone.get(`/v3.0/liveStream/${data.id}/play`)).json();
    expect(play.data).toEqual({ kind: 'hls', url: `/v3.0/liveStream/${data.id}/hls` });

    const seen = origin.requests.length;
    const got = await firstSegment(anyone, play.data.url);
    expect(got.master).not.toContain('127.0.0.1');
    expect(got.media).not.toContain('127.0.0.1');
    expect(got.variant).toMatch(new RegExp(`^/v3.0/liveStream/${data.id}/hls\\?u=[A-Za-z0-9_-]+&s=[A-Za-z0-9_-]{43}$`));
    expect(got.media).toContain('#EXT-X-TARGETDURATION:1');
    expect(got.bytes.statusCode).toBe(200);
    expect(got.bytes.headers['content-type']).toBe('video/mp2t');
    expect(got.bytes.rawPayload.equals(origin.segment(0))).toBe(true);
    expect(origin.requests.slice(seen)).toEqual(['/live/master.m3u8', '/live/video/index.m3u8', '/live/video/seg0.ts']);

    // Only what a playlist named is fetched: another address, or a signature of another, is refused untouched.
    const u = new URL(got.segment, 'http://x').searchParams;
    const other = Buffer.from('http://127.0.0.1:1/secret').toString('base64url');
    const tries = [
      `?u=${other}&s=${u.get('s')}`,
      `?u=${u.get('u')}&s=${'A'.repeat(43)}`,
      `?u=${u.get('u')}`,
      `?s=${u.get('s')}`,
      `?u=${u.get('u')}&s=${u.get('s')}&x=1`,
      `?u=${'%00'}&s=${u.get('s')}`,
    ];
    const before = origin.requests.length;
    for (const q of tries) {
      const res = await anyone.get(`/v3.0/liveStream/${data.id}/hls${q}`);
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(isRussianError(res, res.statusCode), q).toBe(true);
    }
    expect(origin.requests.length).toBe(before);

    // A new source retires the old addresses.
    await staff.post(SETTINGS, site({ source_url: origin.url.replace('master', 'video/index') }));
    expect(isRussianError(await anyone.get(got.segment), 403)).toBe(true);
  });

  it('a Plus stream plays only with the live token of a reader who has Plus now; others get 402', async () => {
    await staff.post(SETTINGS, site({ access: 'plus' }));
    const { data } = (await staff.post('/v3.0/private/liveStream/enable', {})).json();
    const playUrl = `/v3.0/liveStream/${data.id}/play`;
    const anonymous = new Visitor(t.app);
    const plain = await newUser(t.app, 'Читатель Без Плюса');
    const plus = await plusReader('Читатель С Плюсом');

    const refused = await anonymous.get(playUrl);
    expect(isRussianError(refused, 402)).toBe(true);
    expect(refused.json().rm).toBe(messages.liveStreamPlusRequired);
    expect(isRussianError(await plain.v.get(playUrl), 402)).toBe(true);
    expect(isRussianError(await plain.v.get('/v3.0/live/token/update'), 402)).toBe(true);
    // The session alone is not the right: the token is.
    expect(isRussianError(await plus.v.get(playUrl), 402)).toBe(true);
    expect(isRussianError(await anonymous.get(`/v3.0/liveStream/${data.id}/hls`), 402)).toBe(true);

    const play = (await anonymous.get(`${playUrl}?token=${plus.token}`)).json();
    expect(play.data).toEqual({ kind: 'hls', url: `/v3.0/liveStream/${data.id}/hls?token=${plus.token}` });
    const got = await firstSegment(anonymous, play.data.url);
    expect(got.segment).toContain(`&token=${plus.token}`);
    expect(got.bytes.rawPayload.equals(origin.segment(0))).toBe(true);
    // Each part asks the token again.
    const bare = got.segment.replace(`&token=${plus.token}`, '');
    expect(isRussianError(await anonymous.get(bare), 402)).toBe(true);

    const [id, expires, mac] = plus.token.split('.');
    const forged = [
      `${plain.id}.${expires}.${mac}`,
      `${id}.${Number(expires) + 1}.${mac}`,
      `${id}.${expires}.${'B'.repeat(43)}`,
    ];
    for (const token of forged)
      expect(isRussianError(await anonymous.get(`${playUrl}?token=${token}`), 402)).toBe(true);
    for (const token of ['x', plus.token + 'x', '', `${id}.${expires}`])
      expect(isRussianError(await anonymous.get(`${playUrl}?token=${encodeURIComponent(token)}`), 400), token).toBe(
        true,
      );

    // Plus ended: the token still in hand opens nothing.
    await t.database.db.update(users).set({ isPaid: false }).where(eq(users.id, plus.id));
    expect(isRussianError(await anonymous.get(`${playUrl}?token=${plus.token}`), 402)).toBe(true);
    await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, plus.id));
    expect((await anonymous.get(`${playUrl}?token=${plus.token}`)).statusCode).toBe(200);
    // A token lives a day.
    t.clock.now = new Date(t.clock.now.getTime() + 25 * 3600_000);
    expect(isRussianError(await anonymous.get(`${playUrl}?token=${plus.token}`), 402)).toBe(true);
  });

  it('a source that goes away answers 404 with its reason, and the app carries on', async () => {
    await staff.post(SETTINGS, site());
    const { data } = (await staff.post('/v3.0/private/liveStream/enable', {})).json();
    origin.goDown();
    const res = await new Visitor(t.app).get(`/v3.0/liveStream/${data.id}/hls`);
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.liveStreamUnavailable);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/liveStream/0/hls'), 400)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/liveStream/abc/play'), 400)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/liveStream/999999/play'), 404)).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses wrong types, missing, extra and huge fields, other sources, private addresses, no CSRF: nothing changes', async () => {
    const owner = await newUser(t.app, 'Анна Осторожная');
    const good = site({ subsite_id: owner.id });
    expect((await owner.v.post(SETTINGS, good)).statusCode).toBe(200);
    const before = (await owner.v.get(`${SETTINGS}?subsite_id=${owner.id}`)).json().data;

    const bad: [Record<string, unknown>, number][] = [
      [{ ...good, subsite_id: 'abc' }, 400],
      [{ ...good, subsite_id: -1 }, 400],
      [{ ...good, subsite_id: 1.5 }, 400],
      [{ ...good, subsite_id: { id: 1 } }, 400],
      [{ ...good, subsite_id: 2 ** 40 }, 400],
      [{ ...good, source_url: undefined }, 400],
      [{ ...good, source_url: '' }, 400],
      [{ ...good, source_url: 42 }, 400],
      [{ ...good, source_url: ['http://a.ru/x.m3u8'] }, 400],
      [{ ...good, source_url: `https://cdn.example.ru/${'a'.repeat(100_000)}.m3u8` }, 400],
      [{ ...good, source_url: 'https://vimeo.com/123456' }, 400],
      [{ ...good, source_url: 'https://example.ru/page.html' }, 400],
      [{ ...good, source_url: 'ftp://example.ru/live.m3u8' }, 400],
      [{ ...good, source_url: 'javascript:alert(1)//.m3u8' }, 400],
      [{ ...good, source_url: 'http://10.0.0.7/live.m3u8' }, 400],
      [{ ...good, source_url: 'http://169.254.169.254/latest.m3u8' }, 400],
      [{ ...good, source_url: 'http://[::1]/live.m3u8' }, 400],
      [{ ...good, source_url: 'http://a.ru/x.m3u8\u0000' }, 400],
      [{ ...good, title: undefined }, 400],
      [{ ...good, title: '   ' }, 400],
      [{ ...good, title: 7 }, 400],
      [{ ...good, title: 'Э'.repeat(121) }, 400],
      [{ ...good, title: 'Э'.repeat(1_000_000) }, 413],
      [{ ...good, access: 'vip' }, 400],
      [{ ...good, access: undefined }, 400],
      [{ ...good, access: ['plus'] }, 400],
      [{ ...good, cover_url: 'https://evil.example/x.png' }, 400],
      [{ ...good, cover_url: 12 }, 400],
      [{ ...good, is_enabled: true }, 400],
      [{ ...good, id: 1 }, 400],
    ];
    for (const [body, rc] of bad) {
      const res = await owner.v.post(SETTINGS, body);
      expect(isRussianError(res, rc), `${JSON.stringify(body).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBe(true);
    }
    expect((await owner.v.post(SETTINGS, { ...good, source_url: 'http://10.0.0.7/live.m3u8' })).json().rm).toBe(
      messages.liveStreamSourceRefused,
    );
    // A name that resolves into the machine itself is refused too (here 127.0.0.1 is allowed for the test's origin).
    for (const url of [
      'http://localhost:8080/live.m3u8',
      'http://127.0.0.1/live.m3u8',
      'https://stream.example.ru/a.m3u8',
    ])
      expect(await mayFetch({ fetchAllowHosts: [] }, url), url).toBe(url.includes('example'));
    expect(isRussianError(await owner.v.post(SETTINGS, good, { csrf: false }), 403)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).post(SETTINGS, good), 401)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get(SETTINGS), 401)).toBe(true);
    for (const path of ['enable', 'disable']) {
      const url = `/v3.0/private/liveStream/${path}`;
      expect(isRussianError(await owner.v.post(url, { subsite_id: owner.id, extra: 1 }), 400), path).toBe(true);
      expect(isRussianError(await owner.v.post(url, { subsite_id: 'x' }), 400), path).toBe(true);
      expect(isRussianError(await owner.v.post(url, { subsite_id: owner.id }, { csrf: false }), 403), path).toBe(true);
      expect(isRussianError(await owner.v.post(url, {}), 403), path).toBe(true);
    }
    for (const q of ['subsite_id=abc', 'subsite_id=-5', 'other=1', `subsite_id=${'9'.repeat(30)}`])
      expect(isRussianError(await owner.v.get(`${SETTINGS}?${q}`), 400), q).toBe(true);

    // A banned manager changes nothing.
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 3_600_000) })
      .where(eq(users.id, owner.id));
    expect(isRussianError(await owner.v.post(SETTINGS, { ...good, title: 'Другое' }), 403)).toBe(true);
    await t.database.db.update(users).set({ bannedUntil: null }).where(eq(users.id, owner.id));
    expect((await owner.v.get(`${SETTINGS}?subsite_id=${owner.id}`)).json().data).toEqual(before);
  });
});
