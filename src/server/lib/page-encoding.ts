import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pagePolicy } from './security-headers.ts';

const { BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN } = zlib.constants;

/**
 * Compression of pages, chosen by measurement (bench/compression.ts; docs/BENCHMARKS.md, «Compression»). A shared
 * page is compressed once per copy, for everyone who gets it within its few seconds: brotli 5 is 10 % smaller than
 * 4 for ~1.6 ms on a 127 KB page, while 9 takes ~20 ms for 2 % more and 11 ~140 ms. The window stays at 2^18: the
 * encoder's memory grows with it, and pages of this size gain nothing from a larger one.
 */
const SHARED_BROTLI = {
  params: { [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_LGWIN]: 18 },
};
const SHARED_GZIP = { level: 6 };

/**
 * Everything else (signed-in pages, JSON) is compressed per request by @fastify/compress: brotli 4 in a 2^17 window
 * (the same bytes as the default 2^22 on pages up to ~130 KB, for less CPU and far less encoder memory; the default
 * window's encoders drove full collections under load), gzip 5 for clients without brotli; nothing under a kilobyte,
 * where the headers outweigh the gain. Answers up to 256 KB (every page and feed answer) are compressed in one
 * synchronous call: the stream path costs ~3× the CPU of the compression itself on a 15–60 KB answer (a zlib
 * context, a stream pipeline and the thread pool per response), and the plugin's own default on two cores is 8 KB.
 */
export const DYNAMIC_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  syncThreshold: 256 * 1024,
  brotliOptions: {
    params: { [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_QUALITY]: 4, [BROTLI_PARAM_LGWIN]: 17 },
  },
  zlibOptions: { level: 5 },
};

export type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (null); `q=0` refuses one. */
export function chosenEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    q[name === 'x-gzip' ? 'gzip' : name] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  const weightOf = (name: Encoding) => q[name] ?? q['*'] ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

const compress = (encoding: Encoding, body: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    // Off the main thread (libuv's pool): the event loop keeps serving while a big page is compressed.
    if (encoding === 'br') zlib.brotliCompress(body, SHARED_BROTLI, done);
    else zlib.gzip(body, SHARED_GZIP, done);
  });

/** A body shared by many answers, with each compressed form made once, when first asked for. */
export class SharedBody {
  readonly body: Buffer;
  #encoded = new Map<Encoding, Promise<Buffer>>();
  #policy: string | undefined;

  constructor(body: Buffer) {
    this.body = body;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let made = this.#encoded.get(encoding);
    if (!made) this.#encoded.set(encoding, (made = compress(encoding, this.body)));
    return made;
  }

  /** The page's Content-Security-Policy, hashed from its text once (the compressed forms have no text to hash). */
  get policy(): string {
    return (this.#policy ??= pagePolicy(this.body.toString('utf8')));
  }
}

/**
 * Sends a shared body in the form the request accepts, with `Vary: Accept-Encoding`; @fastify/compress leaves an
 * answer that already has its encoding as it is.
 */
export async function sendShared(req: FastifyRequest, reply: FastifyReply, body: SharedBody) {
  reply.header('vary', 'accept-encoding');
  // A page's policy hashes its inline scripts, which its compressed bytes no longer show (security-headers.ts).
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
    reply.header('content-security-policy', body.policy);
  const encoding = chosenEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(body.body);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
