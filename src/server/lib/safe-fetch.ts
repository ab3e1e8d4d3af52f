import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';

export interface SafeFetchOptions {
  /** Bytes of body read at most; a longer body fails with `tooLarge` (or is cut when `truncate`). */
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  accept?: string;
  /** Keep the first `maxBytes` of a longer body instead of failing (HTML pages: the head is enough). */
  truncate?: boolean;
  /** POST for an OAuth token exchange (default GET); the body goes out with the given headers, never on a redirect. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Return a non-2xx answer instead of throwing (OAuth errors carry their reason in a 400 JSON body). */
  anyStatus?: boolean;
}

export interface SafeFetchResult {
  status: number;
  /** The URL after redirects. */
  url: string;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  /** True when the body was cut at `maxBytes` (only with `truncate`). */
  truncated?: boolean;
}

export type SafeFetchReason = 'badUrl' | 'refused' | 'timeout' | 'tooLarge' | 'tooManyRedirects' | 'network' | 'status';

export class SafeFetchError extends Error {
  reason: SafeFetchReason;
  /** The upstream HTTP status when `reason` is 'status'. */
  status?: number;
  constructor(reason: SafeFetchReason, message: string, status?: number) {
    super(message);
    this.reason = reason;
    if (status !== undefined) this.status = status;
  }
}

type FetchConfig = Pick<Config, 'fetchAllowHosts'> & Partial<Pick<Config, 'publicUrl'>>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Only plain public unicast addresses pass: ipaddr.js names every special range (private, loopback, linkLocal,
 * uniqueLocal, carrierGradeNat, multicast, unspecified, broadcast, reserved, 6to4, teredo, …) and leaves
 * 'unicast' for the rest. IPv4-mapped IPv6 is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 one.
  return ipaddr.process(address).range() === 'unicast';
}

function allowed(config: FetchConfig, name: string): boolean {
  return config.fetchAllowHosts.includes(name.toLowerCase());
}

/** `[::1]` → `::1`: URL keeps IPv6 literals bracketed. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

function refused(host: string): SafeFetchError {
  return new SafeFetchError('refused', `address of ${host} is not public`);
}

/**
 * The DNS lookup the socket itself uses: the addresses are checked here, at connect time, so a rebind between a
 * separate check and the connection cannot reach a private address.
 */
export function checkedLookup(config: FetchConfig, host: string): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err);
      const usable = allowed(config, host)
        ? addresses
        : addresses.filter((a) => allowed(config, a.address) || isPublicAddress(a.address));
      if (usable.length === 0) return callback(refused(host));
      if (options.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  }) as net.LookupFunction;
}

function parseTarget(config: FetchConfig, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('badUrl', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('badUrl', `protocol ${url.protocol} is not allowed`);
  // Credentials in a URL are never sent on.
  url.username = '';
  url.password = '';
  url.hash = '';
  const host = bareHost(url.hostname);
  // Address literals never reach the lookup, so they are judged here.
  if (net.isIP(host) && !allowed(config, host) && !isPublicAddress(host)) throw refused(host);
  return url;
}

/**
 * Whether a later fetch of `raw` may reach it, asked when a person saves an address the server will fetch (a live
 * stream's source): an http(s) URL whose host is a public address, an allowed host, or a name that resolves to a
 * public address now. A name that does not resolve passes (it may exist later); the fetch checks again at connect time.
 */
export async function mayFetch(config: FetchConfig, raw: string): Promise<boolean> {
  let url: URL;
  try {
    url = parseTarget(config, raw);
  } catch {
    return false;
  }
  const host = bareHost(url.hostname);
  if (net.isIP(host) || allowed(config, host)) return true;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => null);
  return addresses === null || addresses.some((a) => allowed(config, a.address) || isPublicAddress(a.address));
}

function decoded(res: http.IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    default:
      return res;
  }
}

function flatHeaders(res: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (v !== undefined && k !== 'set-cookie') out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** One answer: a redirect to follow, or the final body. */
type Hop = { status: number; headers: Record<string, string> } & (
  { location: string } | { location?: undefined; body: Buffer; truncated: boolean }
);

function request(config: FetchConfig, url: URL, opts: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const host = bareHost(url.hostname);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: opts.method ?? 'GET',
      // A fresh connection per request: a pooled socket would skip the checked lookup.
      agent: false,
      lookup: checkedLookup(config, host),
      signal,
      headers: {
        'user-agent': `SredaBot/1.0 (+${config.publicUrl ?? 'http://localhost'})`,
        accept: opts.accept ?? '*/*',
        // Raw deflate is ambiguous on the wire (zlib or bare), so it is not asked for; it is still decoded when sent.
        'accept-encoding': 'gzip, br',
        'accept-language': 'ru,en;q=0.8',
        ...opts.headers,
      },
    });
    const fail = (err: unknown) => {
      req.destroy();
      if (err instanceof SafeFetchError) return reject(err);
      if (signal.aborted) return reject(new SafeFetchError('timeout', 'time limit reached'));
      const cause = (err as { cause?: unknown })?.cause;
      if (cause instanceof SafeFetchError) return reject(cause);
      reject(new SafeFetchError('network', (err as Error)?.message ?? 'network error'));
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const headers = flatHeaders(res);
      if (REDIRECTS.has(status) && headers.location) {
        res.resume();
        req.destroy();
        return resolve({ status, headers, location: headers.location });
      }
      const declared = Number(headers['content-length'] ?? NaN);
      if (!opts.truncate && !headers['content-encoding'] && declared > opts.maxBytes) {
        return fail(new SafeFetchError('tooLarge', `body of ${declared} bytes is over ${opts.maxBytes}`));
      }
      const body = decoded(res);
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = (truncated: boolean) => {
        if (done) return;
        done = true;
        resolve({ status, headers, body: Buffer.concat(chunks, size), truncated });
      };
      body.on('data', (chunk: Buffer) => {
        if (done) return;
        if (size + chunk.length > opts.maxBytes) {
          if (!opts.truncate) {
            done = true;
            return fail(new SafeFetchError('tooLarge', `body is over ${opts.maxBytes} bytes`));
          }
          chunks.push(chunk.subarray(0, opts.maxBytes - size));
          size = opts.maxBytes;
          finish(true);
          req.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      body.on('end', () => finish(false));
      body.on('error', (err) => {
        if (!done) {
          done = true;
          fail(err);
        }
      });
      res.on('error', (err) => {
        if (!done) {
          done = true;
          fail(err);
        }
      });
      res.on('aborted', () => {
        if (!done) {
          done = true;
          fail(new Error('connection closed'));
        }
      });
    });
    req.end(opts.body);
  });
}

/**
 * Fetches an outside http(s) URL without reaching private, loopback or link-local addresses (checked after DNS
 * resolution and on every redirect), without cookies, within size, time and redirect limits.
 * Throws SafeFetchError with a reason the callers map to catalogue messages.
 */
export async function safeFetch(config: FetchConfig, url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let target = parseTarget(config, url);
  for (let hops = 0; ; hops++) {
    if (signal.aborted) throw new SafeFetchError('timeout', 'time limit reached');
    const hop = await request(config, target, opts, signal);
    if (hop.location !== undefined) {
      if (hops >= maxRedirects) throw new SafeFetchError('tooManyRedirects', `more than ${maxRedirects} redirects`);
      let next: string;
      try {
        next = new URL(hop.location, target).toString();
      } catch {
        throw new SafeFetchError('badUrl', 'redirect to a broken URL');
      }
      target = parseTarget(config, next);
      // A redirected POST becomes a bodiless GET (as browsers do for 301–303); the body is never sent on.
      if (opts.method === 'POST') opts = { ...opts, method: 'GET', body: undefined };
      continue;
    }
    if (!opts.anyStatus && (hop.status < 200 || hop.status >= 300))
      throw new SafeFetchError('status', `upstream answered ${hop.status}`, hop.status);
    const result: SafeFetchResult = {
      status: hop.status,
      url: target.toString(),
      contentType: hop.headers['content-type'] ?? '',
      headers: hop.headers,
      body: hop.body,
    };
    if (hop.truncated) result.truncated = true;
    return result;
  }
}
