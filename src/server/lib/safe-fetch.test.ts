import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.ts';

/** A real local HTTP server with the shapes of answers the outside web gives. */
let server: http.Server;
let port: number;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url!, 'http://x');
    const go = (to: string) => {
      res.writeHead(302, { location: to, 'set-cookie': 'session=secret; Path=/' });
      res.end();
    };
    switch (url.pathname) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('привет');
      case '/chain': {
        const n = Number(url.searchParams.get('n'));
        return n > 0 ? go(`/chain?n=${n - 1}`) : (res.writeHead(200), res.end(`end`));
      }
      case '/loop':
        return go('/loop');
      case '/to-loopback':
        return go(`http://127.0.0.1:${port}/ok`);
      case '/to-metadata':
        return go('http://169.254.169.254/latest/meta-data/');
      case '/to-file':
        return go('file:///etc/passwd');
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head><title>Большая</title></head><body>');
        // 2 MB without a content-length: the limit must hold while streaming.
        const chunk = 'x'.repeat(64 * 1024);
        let left = 32;
        const more = () => {
          while (left-- > 0) if (!res.write(chunk)) return res.once('drain', more);
          res.end('</body></html>');
        };
        return more();
      }
      case '/declared-huge':
        res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        return res.write('x');
      case '/slow': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html>');
        const timer = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/gzip':
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync('сжатый gzip'));
      case '/br':
        res.writeHead(200, { 'content-encoding': 'br' });
        return res.end(zlib.brotliCompressSync('сжатый br'));
      case '/bomb':
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024)));
      case '/missing':
        res.writeHead(404);
        return res.end('нет');
      case '/broken':
        res.writeHead(500);
        return res.end('упало');
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const local = { fetchAllowHosts: ['127.0.0.1'], publicUrl: 'https://sreda.test' };
const byName = { fetchAllowHosts: ['localhost'] };
const nobody = { fetchAllowHosts: [] as string[] };
const opts: SafeFetchOptions = { maxBytes: 256 * 1024, timeoutMs: 2000 };
const base = () => `http://127.0.0.1:${port}`;

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe('safeFetch', () => {
  it('fetches an allowed host, with our User-Agent and no cookies', async () => {
    const res = await safeFetch(local, `${base()}/ok`, opts);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('привет');
    expect(res.contentType).toBe('text/plain; charset=utf-8');
    expect(seen.at(-1)!['user-agent']).toBe('SredaBot/1.0 (+https://sreda.test)');
    expect(seen.at(-1)!.cookie).toBeUndefined();
  });

  it('follows a chain of redirects, re-checking each, and tells the final URL; never sends a cookie it was given', async () => {
    seen.length = 0;
    const res = await safeFetch(local, `${base()}/chain?n=3`, opts);
    expect(res.body.toString()).toBe('end');
    expect(res.url).toBe(`${base()}/chain?n=0`);
    expect(seen).toHaveLength(4);
    expect(seen.every((h) => h.cookie === undefined)).toBe(true);
  });

  it('stops after maxRedirects (a loop)', async () => {
    expect((await failure(safeFetch(local, `${base()}/loop`, opts))).reason).toBe('tooManyRedirects');
    expect((await failure(safeFetch(local, `${base()}/chain?n=3`, { ...opts, maxRedirects: 2 }))).reason).toBe(
      'tooManyRedirects',
    );
  });

  it('refuses a redirect to a loopback, link-local or file target that is not allowed', async () => {
    // localhost is allowed by name; the redirect goes to 127.0.0.1, which is not.
    const before = seen.length;
    const err = await failure(safeFetch(byName, `http://localhost:${port}/to-loopback`, opts));
    expect(err.reason).toBe('refused');
    expect(seen.length).toBe(before + 1);
    expect((await failure(safeFetch(local, `${base()}/to-metadata`, opts))).reason).toBe('refused');
    expect((await failure(safeFetch(local, `${base()}/to-file`, opts))).reason).toBe('badUrl');
  });

  it('refuses private, loopback, link-local, CGNAT, multicast and mapped addresses without the allow-list', async () => {
    for (const target of [
      `http://127.0.0.1:${port}/ok`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect((await failure(safeFetch(nobody, target, opts))).reason, target).toBe('refused');
    }
  });

  it('refuses host names that resolve to loopback (localhost) unless allowed', async () => {
    const before = seen.length;
    expect((await failure(safeFetch(nobody, `http://localhost:${port}/ok`, opts))).reason).toBe('refused');
    expect(seen.length).toBe(before);
    expect((await safeFetch(byName, `http://localhost:${port}/ok`, opts)).body.toString()).toBe('привет');
  });

  it('refuses schemes other than http and https, and non-URLs', async () => {
    for (const target of [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'gopher://example.com',
      'javascript:alert(1)',
      'не ссылка',
      '',
    ]) {
      expect((await failure(safeFetch(local, target, opts))).reason, target).toBe('badUrl');
    }
  });

  it('fails a body past maxBytes, or keeps its head when asked to truncate', async () => {
    expect((await failure(safeFetch(local, `${base()}/huge`, opts))).reason).toBe('tooLarge');
    expect((await failure(safeFetch(local, `${base()}/declared-huge`, opts))).reason).toBe('tooLarge');
    const cut = await safeFetch(local, `${base()}/huge`, { ...opts, maxBytes: 1000, truncate: true });
    expect(cut.body.length).toBe(1000);
    expect(cut.truncated).toBe(true);
    expect(cut.body.toString()).toContain('<title>Большая</title>');
  });

  it('gives up on a slow body at the time limit', async () => {
    const started = Date.now();
    expect((await failure(safeFetch(local, `${base()}/slow`, { ...opts, timeoutMs: 400 }))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('decompresses gzip and brotli, and holds the size limit on the decompressed bytes', async () => {
    expect((await safeFetch(local, `${base()}/gzip`, opts)).body.toString()).toBe('сжатый gzip');
    expect((await safeFetch(local, `${base()}/br`, opts)).body.toString()).toBe('сжатый br');
    expect((await failure(safeFetch(local, `${base()}/bomb`, opts))).reason).toBe('tooLarge');
  });

  it('fails upstream errors with their status', async () => {
    const missing = await failure(safeFetch(local, `${base()}/missing`, opts));
    expect([missing.reason, missing.status]).toEqual(['status', 404]);
    expect((await failure(safeFetch(local, `${base()}/broken`, opts))).status).toBe(500);
  });

  it('reports a closed port as a network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const p = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect((await failure(safeFetch(local, `http://127.0.0.1:${p}/`, opts))).reason).toBe('network');
  });
});

describe('isPublicAddress', () => {
  it('passes public unicast and nothing special', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '100.100.0.1',
      '::',
      '::1',
      'ff02::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '255.255.255.255',
      '2002:7f00:1::1',
      'garbage',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});
