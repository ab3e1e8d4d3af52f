import sharp from 'sharp';
import { expect } from 'vitest';
import type { Visitor } from '../../testing/harness.ts';

/** Test helpers for gifs in comments (issue 32 point 7). */

/** An animated gif of `frames` colours; `seed` makes its bytes (so its uuid) differ. */
export async function gif(seed: number, frames = 2) {
  const parts = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: { r: (seed * 37) % 256, g: i * 90, b: 50 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(parts, { join: { animated: true } })
    .gif({ delay: parts.map(() => 100) })
    .toBuffer();
}
export const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** `POST /andropov/upload` with one file, as the modal sends it; answers the media uuid. */
export async function uploadedGif(v: Visitor, data: Buffer, name = 'a.gif'): Promise<string> {
  const res = await v.upload('/v3.0/andropov/upload', [{ field: 'file_0', name, type: 'image/gif', data }]);
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json().data.result[0];
  expect(item.type, res.body).toBe('image');
  return item.data.uuid;
}
