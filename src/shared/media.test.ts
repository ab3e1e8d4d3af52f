import { describe, expect, it } from 'vitest';
import { isWidthBucket, mediaUrl, nearestWidthBucket } from './media.ts';

const U = '0b1c2d3e-4f50-8a6b-9c7d-8e9fa0b1c2d3';

describe('mediaUrl', () => {
  it('names the original, with or without a trailing slash on the base', () => {
    expect(mediaUrl('/media', U)).toBe(`/media/${U}/`);
    expect(mediaUrl('https://cdn.example.ru/media/', U)).toBe(`https://cdn.example.ru/media/${U}/`);
  });

  it('uses an outside address or an inline png as is (spec/foundation.md §3)', () => {
    expect(mediaUrl('/media', 'https://example.com/a.jpg', { width: 640 })).toBe('https://example.com/a.jpg');
    expect(mediaUrl('/media', 'http://example.com/a.jpg')).toBe('http://example.com/a.jpg');
    expect(mediaUrl('/media', 'data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('buckets widths (§9): 64, 108, then multiples of 100; doubled on retina or for sides of 80 or less', () => {
    expect(mediaUrl('/media', U, { width: 640 })).toBe(`/media/${U}/-/resize/700/`);
    expect(mediaUrl('/media', U, { width: 640, retina: true })).toBe(`/media/${U}/-/resize/1400/`);
    expect(mediaUrl('/media', U, { width: 100 })).toBe(`/media/${U}/-/resize/108/`);
    expect(mediaUrl('/media', U, { width: 40 })).toBe(`/media/${U}/-/resize/128/`);
    expect(mediaUrl('/media', U, { width: 300, height: 60 })).toBe(`/media/${U}/-/resize/600/`);
    expect(mediaUrl('/media', U, { width: 5000 })).toBe(`/media/${U}/-/resize/4000/`);
  });

  it('cuts to a bucketed width with the proportional height, and adds the format last', () => {
    expect(mediaUrl('/media', U, { width: 640, height: 360, crop: true, format: 'webp' })).toBe(
      `/media/${U}/-/scale_crop/700x394/-/format/webp/`,
    );
    expect(mediaUrl('/media', U, { width: 64, height: 64, crop: true })).toBe(`/media/${U}/-/scale_crop/128x128/`);
    expect(mediaUrl('/media', U, { width: 3000, height: 1000, crop: true, retina: true })).toBe(
      `/media/${U}/-/scale_crop/4000x1333/`,
    );
    expect(mediaUrl('/media', U, { width: 1000, height: 3000, crop: true, retina: true })).toBe(
      `/media/${U}/-/scale_crop/1400x4000/`,
    );
    expect(mediaUrl('/media', U, { format: 'mp4' })).toBe(`/media/${U}/-/format/mp4/`);
  });

  it('only ever builds widths the delivery route serves', () => {
    for (let w = 1; w <= 2500; w += 7) {
      for (const retina of [false, true]) {
        const m = /resize\/(\d+)\//.exec(mediaUrl('/media', U, { width: w, retina }));
        expect(isWidthBucket(Number(m![1])), `${w} ${retina}`).toBe(true);
        const c = /scale_crop\/(\d+)x(\d+)\//.exec(
          mediaUrl('/media', U, { width: w, height: (w * 9) / 16, crop: true, retina }),
        );
        expect(isWidthBucket(Number(c![1])), `${w}x ${retina}`).toBe(true);
        expect(Number(c![2])).toBeLessThanOrEqual(4000);
      }
    }
  });
});

describe('isWidthBucket', () => {
  it('accepts the buckets and their retina doubles, nothing else', () => {
    for (const w of [64, 108, 128, 216, 200, 300, 700, 1400, 2000, 4000])
      expect(isWidthBucket(w), String(w)).toBe(true);
    for (const w of [0, -100, 63, 100, 109, 640, 650, 4100, 7.5, NaN, Infinity])
      expect(isWidthBucket(w), String(w)).toBe(false);
    expect(nearestWidthBucket(640)).toBe(700);
    expect(nearestWidthBucket(9000)).toBe(4000);
  });
});
