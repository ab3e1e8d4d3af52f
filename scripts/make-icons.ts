/**
 * Makes the site's icon set from the logo drawn as SVG (src/server/modules/site/files/icon*.svg):
 * PNGs of 32, 180, 192 and 512 px and a favicon.ico holding 16, 32 and 48 px; and from `og-image.svg` the
 * 1200×630 picture link previews show for pages without a picture of their own. The outputs are committed;
 * run `node scripts/make-icons.ts` again after changing the SVGs.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '..', 'src', 'server', 'modules', 'site', 'files');
const rounded = fs.readFileSync(path.join(dir, 'icon.svg'));
// Full-bleed square: home screens cut their own shape (apple-touch-icon, maskable manifest icons).
const square = fs.readFileSync(path.join(dir, 'icon-maskable.svg'));
// The mark on the logo's gradient in the proportions link previews use (1.91:1).
const card = fs.readFileSync(path.join(dir, 'og-image.svg'));

const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO container of PNG images (every browser since 2007 reads PNG entries). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2);
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const outputs: [string, Promise<Buffer>][] = [
  ['favicon-32.png', png(rounded, 32)],
  ['apple-touch-icon.png', png(square, 180)],
  ['icon-192.png', png(square, 192)],
  ['icon-512.png', png(square, 512)],
  ['og-image.png', sharp(card, { density: 144 }).resize(1200, 630).png({ compressionLevel: 9 }).toBuffer()],
  ['favicon.ico', Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) }))).then(ico)],
];
for (const [name, made] of outputs) {
  const data = await made;
  fs.writeFileSync(path.join(dir, name), data);
  console.log(`${name}: ${data.length} B`);
}
