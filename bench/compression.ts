/**
 * `node bench/compression.ts <url or file>…`: what each compression setting costs on real pages — the compressed
 * size and the CPU milliseconds of one compression (the least of a few, on this thread) — for the settings
 * src/server/http/page-encoding.ts chooses between. `npm run bench` runs it on its home page and its long
 * discussion. Results: docs/BENCHMARKS.md, «Compression».
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

const { BROTLI_PARAM_QUALITY: QUALITY, BROTLI_PARAM_LGWIN: LGWIN, BROTLI_PARAM_MODE: MODE } = zlib.constants;
const brotli = (quality: number, lgwin: number) => ({
  name: `brotli q${quality} w${lgwin}`,
  run: (b: Buffer) =>
    zlib.brotliCompressSync(b, {
      params: { [MODE]: zlib.constants.BROTLI_MODE_TEXT, [QUALITY]: quality, [LGWIN]: lgwin },
    }),
});
const gzip = (level: number) => ({ name: `gzip ${level}`, run: (b: Buffer) => zlib.gzipSync(b, { level }) });

export const SETTINGS = [
  brotli(1, 17),
  brotli(2, 17),
  brotli(4, 22),
  brotli(4, 17),
  brotli(5, 18),
  brotli(6, 18),
  brotli(6, 20),
  brotli(9, 18),
  brotli(11, 18),
  gzip(1),
  gzip(4),
  gzip(6),
  gzip(9),
];

/** CPU ms (user + system) of one run of `fn`: the least of `times` (the machine may be busy with other work). */
function cpuMs(fn: () => void, times: number): number {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = process.cpuUsage();
    fn();
    const t = process.cpuUsage(t0);
    runs.push((t.user + t.system) / 1000);
  }
  return Math.min(...runs);
}

/** The table's Markdown lines for named bodies. */
export function compressionTable(pages: { name: string; body: Buffer }[], times = 25): string[] {
  const lines = [
    `| setting | ${pages.map((p) => `${p.name} (${(p.body.length / 1024).toFixed(0)} KB): KB, CPU ms`).join(' | ')} |`,
    `|---|${pages.map(() => '---:').join('|')}|`,
  ];
  for (const s of SETTINGS) {
    const cells = pages.map((p) => {
      const size = s.run(p.body).length;
      return `${(size / 1024).toFixed(1)}, ${cpuMs(() => s.run(p.body), times).toFixed(2)}`;
    });
    lines.push(`| ${s.name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

if (import.meta.main) {
  const pages = await Promise.all(
    process.argv.slice(2).map(async (where) => ({
      name: where.replace(/^https?:\/\/[^/]+/, '') || '/',
      body: /^https?:/.test(where) ? Buffer.from(await (await fetch(where)).arrayBuffer()) : fs.readFileSync(where),
    })),
  );
  console.log(compressionTable(pages).join('\n'));
}
