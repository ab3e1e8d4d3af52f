import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; pictures and fonts arrive compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;
/** Below this the headers cost more than the saving (the same threshold the server's on-the-fly compression uses). */
const MIN_BYTES = 1024;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the client build, once per build, so the
 * server hands browsers the smallest variant without compressing on each request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'sreda-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir || !dir.split(path.sep).includes('client')) return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}
