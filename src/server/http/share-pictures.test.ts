import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { messages } from '../../shared/catalogue.ts';
import type { MediaImage } from '../../shared/media.ts';
import { isRussianError, startTestApp, Visitor, type TestApp } from '../testing/harness.ts';

/**
 * An uploaded picture reaches sharing (issue 33): the block the editor saves (the upload's answer with its type and
 * length) passes the strict schema, and the entry's page names a 1200×630 derivative as og:image and its RSS item an
 * enclosure of the original.
 */
let t: TestApp;
let author: Visitor;

beforeAll(async () => {
  ensureBuild();
  t = await startTestApp({}, { web: { buildDir: path.join(root, 'build') } });
  author = new Visitor(t.app);
  await author.register({ name: 'Автор Картинок' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function upload(data: Buffer): Promise<MediaImage> {
  const res = await author.upload('/v3.0/andropov/upload', [
    { field: 'file_0', name: 'p.jpg', type: 'image/jpeg', data },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  const [item] = res.json().data.result;
  expect(item.type, res.body).toBe('image');
  return item.data as MediaImage;
}

/** The gallery item as the editor's media tool saves an upload (web/features/editor/tools/media.ts). */
const editorItem = (m: MediaImage) => ({
  image: { uuid: m.uuid, width: m.width, height: m.height, type: m.type, size: m.size, color: m.color },
});

const save = (title: string, blocks: unknown[]) =>
  author.post('/v3.0/writing/save', {
    title,
    entry: [{ type: 'text', data: { text: 'Запись с картинкой.' } }, ...blocks],
    is_published: 1,
  });

const meta = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"/>`).exec(page)?.[1];

describe('an uploaded picture in sharing', () => {
  it("becomes the entry's og:image (1200×630 JPEG) and its RSS enclosure (the original's length and type)", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const picture = await upload(jpeg);
    const saved = await save('Запись, которой делятся с картинкой', [
      { type: 'media', data: { items: [editorItem(picture)] } },
    ]);
    expect(saved.json().rc, saved.body).toBe(200);
    const entry = saved.json().data.entry as { id: number; url: string; subsite: { id: number } };

    const page = await author.get(entry.url);
    expect(page.statusCode).toBe(200);
    const og = meta(page.body, 'og:image')!;
    expect(og).toBe(`${t.config.publicUrl}/media/${picture.uuid}/-/scale_crop/1200x630/-/format/jpg/`);
    expect([meta(page.body, 'og:image:width'), meta(page.body, 'og:image:height')]).toEqual(['1200', '630']);
    const derivative = await author.get(new URL(og).pathname);
    expect(derivative.statusCode).toBe(200);
    expect(await sharp(derivative.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    for (const feed of ['/rss', `/rss/${entry.subsite.id}`]) {
      const xml = (await author.get(feed)).body;
      const item = xml
        .split('<item>')
        .slice(1)
        .find((i) => i.includes(`/${entry.id}-`));
      expect(item, feed).toContain(
        `<enclosure url="${t.config.publicUrl}/media/${picture.uuid}/" length="${picture.size}" type="image/jpeg"/>`,
      );
    }
  });

  it('refuses a picture length that is not a whole number of bytes, in Russian, and saves nothing', async () => {
    const picture = await upload(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
        .jpeg()
        .toBuffer(),
    );
    for (const size of [-1, 1.5, '100', 1e15, null]) {
      const item = { image: { ...editorItem(picture).image, size } };
      const res = await save(`Неверный размер ${String(size)}`, [{ type: 'media', data: { items: [item] } }]);
      expect(isRussianError(res, 400), `${String(size)}: ${res.body}`).toBe(true);
      expect(res.body).toContain(messages.entryBlockImageInvalid);
    }
    const drafts = await author.get('/v3.0/writing/drafts');
    expect(drafts.body).not.toContain('Неверный размер');
  });
});
