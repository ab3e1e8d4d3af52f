import { describe, expect, it } from 'vitest';
import { isRussianError, Visitor } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { MediaImage, UploadResultItem } from '../../../shared/media.ts';
import { MAX_FILES, MAX_MB, near, useMediaApp } from './testing.ts';

/** `POST /andropov/upload/urls`: pictures fetched by URL, failures answered per URL, private addresses refused. */
const { ctx, mediaRows } = useMediaApp();

describe('POST /v3.0/andropov/upload/urls', () => {
  const byUrl = (v: Visitor, urls: unknown, csrf = true) => v.post('/v3.0/andropov/upload/urls', { urls }, { csrf });

  it('fetches pictures by URL, following redirects, recording where they came from', async () => {
    const res = await byUrl(ctx.user, [`${ctx.origin}/pic.png`, `${ctx.origin}/moved`]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().data.result as UploadResultItem[];
    expect(a).toMatchObject({ type: 'image', data: { type: 'png', width: 64, height: 48 } });
    expect(near((a as { data: MediaImage }).data.color, '00aa44')).toBe(true);
    expect((a as { data: MediaImage }).data.external_service).toEqual([
      { name: '127.0.0.1', url: `${ctx.origin}/pic.png` },
    ]);
    expect((b as { data: MediaImage }).data.uuid).toBe((a as { data: MediaImage }).data.uuid);
    // Form bodies in bracket notation work the same way.
    const form = await ctx.user.post('/v3.0/andropov/upload/urls', { urls: [`${ctx.origin}/pic.png`] }, { as: 'form' });
    expect(form.json().data.result[0].data.uuid).toBe((a as { data: MediaImage }).data.uuid);
  });

  it('answers failures per URL: not a picture, missing, too large, private or loopback addresses', async () => {
    const before = await mediaRows();
    const res = await byUrl(ctx.user, [
      `${ctx.origin}/page.jpg`,
      `${ctx.origin}/missing.png`,
      `${ctx.origin}/huge.jpg`,
    ]);
    expect(res.json().data.result).toEqual([
      { type: 'error', data: { message: messages.mediaFormatInvalid } },
      { type: 'error', data: { message: messages.mediaUrlStatus(404) } },
      { type: 'error', data: { message: messages.mediaTooLarge(MAX_MB) } },
    ]);
    const port = new URL(ctx.origin).port;
    const refused = await byUrl(ctx.user, [
      `http://127.0.0.2:${port}/pic.png`,
      'http://10.0.0.1/pic.png',
      `http://[::1]:${port}/pic.png`,
    ]);
    expect(refused.json().data.result).toEqual([
      { type: 'error', data: { message: messages.mediaUrlRefused } },
      { type: 'error', data: { message: messages.mediaUrlRefused } },
      { type: 'error', data: { message: messages.mediaUrlRefused } },
    ]);
    const bad = await byUrl(ctx.user, ['ftp://example.com/a.png', 'javascript:alert(1)', 'не ссылка']);
    expect(bad.json().data.result).toEqual(
      Array.from({ length: 3 }, () => ({ type: 'error', data: { message: messages.mediaUrlInvalid } })),
    );
    expect(await mediaRows()).toBe(before);
  });

  it('refuses anonymous callers, missing CSRF and bad bodies', async () => {
    expect(isRussianError(await byUrl(new Visitor(ctx.t.app), [`${ctx.origin}/pic.png`]), 401)).toBe(true);
    expect(isRussianError(await byUrl(ctx.user, [`${ctx.origin}/pic.png`], false), 403)).toBe(true);
    for (const urls of [
      [],
      '',
      [1],
      [{ a: 1 }],
      ['x'.repeat(3000)],
      Array.from({ length: 101 }, () => `${ctx.origin}/pic.png`),
    ]) {
      expect(isRussianError(await byUrl(ctx.user, urls), 400), JSON.stringify(urls).slice(0, 80)).toBe(true);
    }
    expect(
      isRussianError(
        await byUrl(
          ctx.user,
          Array.from({ length: MAX_FILES + 1 }, () => `${ctx.origin}/pic.png`),
        ),
        400,
      ),
    ).toBe(true);
    expect(
      isRussianError(
        await ctx.user.post('/v3.0/andropov/upload/urls', { urls: [`${ctx.origin}/pic.png`], extra: 1 }),
        400,
      ),
    ).toBe(true);
    expect(isRussianError(await ctx.user.post('/v3.0/andropov/upload/urls', {}), 400)).toBe(true);
  });
});
