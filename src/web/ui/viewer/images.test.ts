import { afterEach, describe, expect, it, vi } from 'vitest';
import { canZoom, galleryItems, pictureSources, viewerFit, viewerItem } from './images.ts';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const base = '/media';
const u = (filters: string) => `${base}/${uuid}/${filters}`;

afterEach(() => vi.restoreAllMocks());

describe('pictureSources', () => {
  it('asks for the slot width bucket in 1x and 2x, in webp and in the original format', () => {
    expect(pictureSources(base, { uuid, width: 1920, height: 1080, type: 'jpg' }, { width: 640 })).toEqual({
      src: u('-/resize/700/'),
      srcSet: `${u('-/resize/700/')} 1x, ${u('-/resize/1400/')} 2x`,
      webpSrcSet: `${u('-/resize/700/-/format/webp/')} 1x, ${u('-/resize/1400/-/format/webp/')} 2x`,
    });
  });

  it('never asks for more than the original width, and crops tiles to their shape', () => {
    expect(pictureSources(base, { uuid, width: 250, height: 100, type: 'png' }, { width: 640 }).src).toBe(
      u('-/resize/300/'),
    );
    expect(
      pictureSources(base, { uuid, width: 1600, height: 1200, type: 'jpg' }, { width: 320, height: 240 }).srcSet,
    ).toBe(`${u('-/scale_crop/400x300/')} 1x, ${u('-/scale_crop/800x600/')} 2x`);
  });

  it('gives webp originals a jpg fallback, gifs an mp4 and outside images their own address', () => {
    expect(pictureSources(base, { uuid, width: 800, height: 600, type: 'webp' }, { width: 640 }).src).toBe(
      u('-/resize/700/-/format/jpg/'),
    );
    expect(pictureSources(base, { uuid, width: 480, height: 270, type: 'gif' }, { width: 640 })).toEqual({
      src: u('-/resize/500/-/format/jpg/'),
      videoSrc: u('-/resize/500/-/format/mp4/'),
    });
    expect(pictureSources(base, { url: 'https://example.com/a.jpg', width: 10, height: 10 }, { width: 640 })).toEqual({
      src: 'https://example.com/a.jpg',
    });
  });
});

describe('viewerItem', () => {
  it('points at the original, a 680 px preview and the mp4 of a gif, with the caption', () => {
    expect(
      viewerItem(
        base,
        { uuid, width: 2000, height: 1000, type: 'gif', color: 'aabbcc' },
        { title: 'Кот', author: 'Фото автора' },
      ),
    ).toEqual({
      src: u(''),
      preview_src: u('-/resize/700/'),
      width: 2000,
      height: 1000,
      title: 'Кот',
      author: 'Фото автора',
      video_src: u('-/format/mp4/'),
      color: 'aabbcc',
    });
    expect(viewerItem(base, { url: 'https://example.com/a.jpg', width: 5, height: 5 })).toEqual({
      src: 'https://example.com/a.jpg',
      preview_src: 'https://example.com/a.jpg',
      width: 5,
      height: 5,
    });
  });
});

describe('viewerFit and zoom', () => {
  it('fills 90% of a wide window and all of a narrow one, never enlarging', () => {
    expect(viewerFit({ width: 4000, height: 2000 }, 1280, 900)).toEqual({ width: 1152, height: 576, scale: 0.288 });
    expect(viewerFit({ width: 4000, height: 3000 }, 375, 812)).toMatchObject({ width: 375, height: 281 });
    expect(viewerFit({ width: 300, height: 200 }, 1280, 900)).toEqual({ width: 300, height: 200, scale: 1 });
  });

  it('zooms only where the original size is known and larger than the window', () => {
    expect(canZoom(viewerFit({ width: 4000, height: 2000 }, 1280, 900))).toBe(true);
    expect(canZoom(viewerFit({ width: 300, height: 200 }, 1280, 900))).toBe(false);
    expect(canZoom(viewerFit({ width: 0, height: 0 }, 1280, 900))).toBe(false);
  });
});

describe('galleryItems', () => {
  it('passes good data and logs "Wrong gallery data format" for anything else', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = { items: [{ image: { uuid, width: 1, height: 1 } }] };
    expect(galleryItems(good)).toBe(good.items);
    expect(log).not.toHaveBeenCalled();
    for (const bad of [null, {}, { items: 'x' }, { items: [{}] }, { items: [{ image: { width: 1 } }] }]) {
      expect(galleryItems(bad)).toEqual([]);
    }
    expect(log).toHaveBeenCalledTimes(5);
    expect(log.mock.calls[0][0]).toBe('Wrong gallery data format');
  });
});
