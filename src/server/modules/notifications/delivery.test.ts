import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startSmtpServer, type ReceivedLetter } from '../../testing/smtp.ts';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { emailSubscriptions, entries, jobs, meta, pushEndpoints } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { nextDigestAt, scheduleDigest } from './mail.ts';

/**
 * Delivery end to end: web push to a local push service that decrypts what it gets (RFC 8291 aes128gcm, with the
 * subscription's private key) and checks the VAPID signature (RFC 8292); mail to a local SMTP server.
 */

// ——— A push service ———

interface PushDevice {
  ecdh: crypto.ECDH;
  auth: Buffer;
  endpoint: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}
interface PushReceived {
  path: string;
  authorization: string;
  ttl: string;
  encoding: string;
  plain: string;
}

/** RFC 8291 §3–4: the receiving browser's side of aes128gcm, written from the RFC with node:crypto. */
function decryptPush(body: Buffer, device: PushDevice): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT must verify with the site's public key. */
function verifyVapid(authorization: string, publicKey: string, audience: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  expect(m, authorization).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  expect(
    crypto.verify(
      'sha256',
      Buffer.from(`${head}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    ),
  ).toBe(true);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

let push: http.Server;
let pushBase = '';
const pushReceived: PushReceived[] = [];
const devices = new Map<string, PushDevice>();
/** Path → statuses to answer before 201 (e.g. [500] fails once). */
const pushAnswers = new Map<string, number[]>();

function newDevice(name: string): PushDevice {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const endpoint = `${pushBase}/push/${name}-${crypto.randomBytes(4).toString('hex')}`;
  const device = {
    ecdh,
    auth,
    endpoint,
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
  devices.set(new URL(endpoint).pathname, device);
  return device;
}

// ——— An SMTP server ———

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let letters: ReceivedLetter[] = [];

/** Headers (unfolded) and the text body of a simple nodemailer letter: quoted-printable or base64, UTF-8. */
function readLetter(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const words = (s: string) =>
    s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject: words(headers.get('subject') ?? '').trim(), headers, text: text.replace(/\r\n/g, '\n') };
}

let t: TestApp;

beforeAll(async () => {
  push = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const queued = pushAnswers.get(path);
      if (path.includes('/gone-')) return res.writeHead(410).end();
      if (queued?.length) return res.writeHead(queued.shift()!).end();
      const device = devices.get(path);
      if (!device) return res.writeHead(404).end();
      pushReceived.push({
        path,
        authorization: String(req.headers.authorization ?? ''),
        ttl: String(req.headers.ttl ?? ''),
        encoding: String(req.headers['content-encoding'] ?? ''),
        plain: decryptPush(Buffer.concat(chunks), device),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', () => resolve()));
  pushBase = `http://127.0.0.1:${(push.address() as net.AddressInfo).port}`;

  smtp = await startSmtpServer();
  letters = smtp.letters;
  t = await startTestApp({ smtpUrl: smtp.url, fetchAllowHosts: ['127.0.0.1'] });
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (push ? push.close(() => resolve()) : resolve()));
  await smtp?.close();
});
beforeEach(() => {
  t.clock.now = new Date();
});

const drain = () => jobsOf(t.app.ctx).drain();
let seq = 0;

async function person(name: string) {
  const v = new Visitor(t.app);
  const { user, email } = await v.register({ name });
  return { v, id: user.id as number, email };
}
async function entry(authorId: number, title = 'Запись', values: Partial<typeof entries.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title,
      slug: `z-${++seq}`,
      isPublished: true,
      publishedAt: new Date(Date.now() - 3_600_000),
      ...values,
    })
    .returning();
  return row;
}
async function comment(v: Visitor, entryId: number, text: string, replyTo?: number) {
  const res = await v.post(
    '/v3.0/comment/add',
    replyTo ? { id: entryId, text, reply_to: replyTo } : { id: entryId, text },
  );
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as { id: number };
}
const subscribe = (v: Visitor, body: unknown, method: 'PUT' | 'POST' = 'POST', csrf = true) =>
  v.call('/api/endpoint/put/', { method, body, csrf });

describe('web push', () => {
  it('GET /v3.0/push/config: one VAPID key pair, generated once and kept in meta', async () => {
    const a = (await new Visitor(t.app).get('/v3.0/push/config')).json();
    expect(a.rc).toBe(200);
    expect(Buffer.from(a.data.public_key, 'base64url')).toHaveLength(65);
    expect((await new Visitor(t.app).get('/v3.0/push/config')).json().data.public_key).toBe(a.data.public_key);
    const [row] = await t.database.db.select().from(meta).where(eq(meta.key, 'vapid'));
    expect((row.value as { publicKey: string }).publicKey).toBe(a.data.public_key);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/push/config?extra=1'), 400)).toBe(true);
  });

  it('delivers a notification to the reader’s device, encrypted (RFC 8291) and signed (VAPID)', async () => {
    const author = await person('Автор');
    const device = newDevice('ok');
    const res = await subscribe(author.v, { ...device.json, expirationTime: null }, 'PUT');
    expect(res.json(), res.body).toMatchObject({ rc: 200, rm: messages.pushSubscribed });
    const { public_key: publicKey } = (await author.v.get('/v3.0/push/config')).json().data;

    const e = await entry(author.id, 'Про весну');
    const before = pushReceived.length;
    await comment((await person('Борис')).v, e.id, 'Отличная запись!');
    await drain();
    const got = pushReceived.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].encoding).toBe('aes128gcm');
    expect(Number(got[0].ttl)).toBeGreaterThan(0);
    verifyVapid(got[0].authorization, publicKey, pushBase);
    expect(JSON.parse(got[0].plain)).toEqual({
      title: 'Борис прокомментировал вашу запись «Про весну»',
      body: 'Отличная запись!',
      url: expect.stringMatching(new RegExp(`^http://localhost:3000/${e.id}\\?comment=\\d+$`)),
      tag: expect.stringMatching(/^n\d+$/),
    });
    const [row] = await t.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.endpoint, device.endpoint));
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it('retries a failed delivery, and forgets an endpoint the push service calls gone (410)', async () => {
    const author = await person('Автор');
    const flaky = newDevice('flaky');
    const gone = newDevice('gone');
    pushAnswers.set(new URL(flaky.endpoint).pathname, [503]);
    expect((await subscribe(author.v, flaky.json)).json().rc).toBe(200);
    expect((await subscribe(author.v, gone.json)).json().rc).toBe(200);
    const before = pushReceived.length;
    const e = await entry(author.id);
    await comment((await person('Гость')).v, e.id, 'Привет');
    await drain();
    expect(pushReceived.length).toBe(before);
    const endpoints = await t.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.userId, author.id));
    expect(endpoints.map((r) => [r.endpoint, r.failures])).toEqual([[flaky.endpoint, 1]]);
    // The retry comes after its backoff.
    t.clock.now = new Date(Date.now() + 60_000);
    await drain();
    expect(pushReceived.slice(before).map((r) => r.path)).toEqual([new URL(flaky.endpoint).pathname]);
  });

  it('unsubscribes only the reader’s own endpoint; «Вы не подписаны» otherwise', async () => {
    const a = await person('Анна');
    const b = await person('Борис');
    const device = newDevice('own');
    expect((await subscribe(a.v, device.json)).json().rc).toBe(200);
    expect(
      isRussianError(
        await b.v.call('/api/endpoint/delete/', { method: 'DELETE', body: { endpoint: device.endpoint } }),
        400,
      ),
    ).toBe(true);
    expect(
      (await b.v.call('/api/endpoint/delete/', { method: 'DELETE', body: { endpoint: device.endpoint } })).json().rm,
    ).toBe(messages.pushNotSubscribed);
    expect(
      await t.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.endpoint, device.endpoint)),
    ).toHaveLength(1);
    expect((await a.v.post('/api/endpoint/delete', { endpoint: device.endpoint })).json()).toMatchObject({
      rc: 200,
      rm: messages.pushUnsubscribed,
    });
    expect(
      await t.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.endpoint, device.endpoint)),
    ).toHaveLength(0);
  });

  it('refuses bad subscriptions, private push services, missing CSRF and anonymous callers', async () => {
    const a = await person('Анна');
    const good = newDevice('x').json;
    const anon = new Visitor(t.app);
    expect(isRussianError(await subscribe(anon, good), 401)).toBe(true);
    expect(isRussianError(await subscribe(a.v, good, 'POST', false), 403)).toBe(true);
    expect(
      isRussianError(
        await a.v.call('/api/endpoint/delete/', { method: 'DELETE', body: { endpoint: good.endpoint }, csrf: false }),
        403,
      ),
    ).toBe(true);
    const bad: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { keys: good.keys },
      { ...good, extra: 1 },
      { ...good, endpoint: 5 },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'http://push.example.com/x' }, // plain http to a public host
      { ...good, endpoint: 'https://10.0.0.5/push' },
      { ...good, endpoint: 'https://[::1]/push' },
      { ...good, endpoint: 'https://localhost/push' },
      { ...good, endpoint: 'https://127.0.0.2/push' },
      { ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: 'a' } },
      { ...good, keys: { ...good.keys, p256dh: '!!!' } },
      { ...good, keys: { ...good.keys, extra: 'x' } },
      { ...good, keys: 'x' },
    ];
    for (const body of bad)
      expect(isRussianError(await subscribe(a.v, body), 400), JSON.stringify(body).slice(0, 200)).toBe(true);
    expect(await t.database.db.select().from(pushEndpoints).where(eq(pushEndpoints.userId, a.id))).toHaveLength(0);
  });

  it('Safari’s retired registration routes answer 410 in Russian; /sw.js is served from the root', async () => {
    const v = new Visitor(t.app);
    expect(isRussianError(await v.post('/v1/devices/abc/registrations/web.ru.sreda', {}), 410)).toBe(true);
    expect(isRussianError(await v.call('/v1/devices/abc/registrations/web.ru.sreda', { method: 'DELETE' }), 410)).toBe(
      true,
    );
    const sw = await v.get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.body).toContain("addEventListener('push'");
    expect(sw.body).toContain('openWindow');
  });
});

describe('mail', () => {
  const lastTo = (email: string) => {
    const found = letters.filter((l) => l.rcpt.includes(email));
    return found.length ? readLetter(found[found.length - 1].raw) : null;
  };

  it('sends a reply notification letter in Russian with a working unsubscribe link (no cookie needed)', async () => {
    const author = await person('Анна Каренина');
    const e = await entry(author.id);
    const mine = await comment(author.v, e.id, 'Мой комментарий');
    const c = await comment((await person('Борис')).v, e.id, 'Не согласен с вами', mine.id);
    await drain();
    const letter = lastTo(author.email)!;
    expect(letter.subject).toBe('Среда: Борис ответил на ваш комментарий');
    expect(letter.text).toContain('Борис ответил на ваш комментарий');
    expect(letter.text).toContain('«Не согласен с вами»');
    expect(letter.text).toContain(`Открыть: http://localhost:3000/${e.id}?comment=${c.id}`);
    const link = /Отписаться от писем: (http:\/\/localhost:3000\/email\/unsubscribe\/([A-Za-z0-9_-]+))/.exec(
      letter.text,
    );
    expect(link).not.toBeNull();
    expect(letter.headers.get('list-unsubscribe')).toBe(`<${link![1]}>`);
    expect(letter.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // 'comment' mail is off by default: one letter, for the reply.
    expect(letters.filter((l) => l.rcpt.includes(author.email))).toHaveLength(1);

    // The link, followed by a stranger with no cookie: the one-click POST (RFC 8058) unsubscribes.
    const stranger = new Visitor(t.app);
    const res = await stranger.post(`/email/unsubscribe/${link![2]}`, {}, { csrf: false });
    expect(res.json(), res.body).toMatchObject({ rc: 200, rm: messages.unsubscribeDone });
    const settings = (await author.v.get('/v3.0/notifications/settings')).json().data.notifications;
    expect(Object.values(settings).every((s) => !(s as { email: boolean }).email)).toBe(true);
    // Only mail goes off: the bell keeps every type it had.
    expect(Object.values(settings).every((s) => (s as { site: boolean }).site)).toBe(true);
    const count = letters.length;
    await comment((await person('Вера')).v, e.id, 'И я не согласна', mine.id);
    await drain();
    expect(letters.length).toBe(count);
  });

  it('an unsubscribe link speaks for the account of its address only, whoever asked for mail there first', async () => {
    const [other, owner] = [await person('Другой Человек'), await person('Хозяйка Адреса')];
    // Someone asks the digest for the owner's address before any letter went there.
    await other.v.post('/v3.0/email/subscribe/opt_in', { email: owner.email });
    const e = await entry(owner.id);
    const mine = await comment(owner.v, e.id, 'Мой');
    await comment((await person('Отвечающий')).v, e.id, 'Ответ', mine.id);
    await drain();
    const token = /\/email\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(lastTo(owner.email)!.text)![1];
    expect((await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token })).json().rc).toBe(200);
    const mailOn = async (v: Visitor) =>
      Object.values((await v.get('/v3.0/notifications/settings')).json().data.notifications).some(
        (s) => (s as { email: boolean }).email,
      );
    expect(await mailOn(owner.v)).toBe(false);
    expect(await mailOn(other.v)).toBe(true);
  });

  it('an unsubscribe is one transaction: when turning the letters off fails, the digest stays on too (500, nothing kept)', async () => {
    const owner = await person('Хозяин Подписки');
    const e = await entry(owner.id);
    const mine = await comment(owner.v, e.id, 'Мой');
    await comment((await person('Отвечает')).v, e.id, 'Ответ', mine.id);
    await drain();
    const token = /\/email\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(lastTo(owner.email)!.text)![1];
    const db = t.database.db;
    // A real failure in the last write of the action (the account's mail switches), raised by the database itself.
    await db.execute(sql`create function fail_settings() returns trigger language plpgsql as $$
      begin if new.user_id = ${sql.raw(String(owner.id))} and new.module = 'notifications' then raise exception 'injected'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger fail_settings before insert or update on user_settings for each row execute function fail_settings()`,
    );
    try {
      expect((await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token })).statusCode).toBe(500);
      const [sub] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.token, token));
      expect(sub.unsubscribedAt).toBeNull();
    } finally {
      await db.execute(sql`drop trigger fail_settings on user_settings`);
      await db.execute(sql`drop function fail_settings()`);
    }
    expect((await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token })).json().rc).toBe(200);
    const [sub] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.token, token));
    expect(sub.unsubscribedAt).not.toBeNull();
  });

  it('a type kept off the site but on by mail: a letter, and nothing in the bell or the list', async () => {
    const author = await person('Почтовый Автор');
    await author.v.post('/v3.0/notifications/settings', { type: 'comment', channel: 'site', enabled: false });
    await author.v.post('/v3.0/notifications/settings', { type: 'comment', channel: 'email', enabled: true });
    const e = await entry(author.id, 'Только на почту');
    await comment((await person('Гость')).v, e.id, 'Комментарий для письма');
    await drain();
    expect(lastTo(author.email)!.subject).toBe('Среда: Гость прокомментировал вашу запись «Только на почту»');
    expect((await author.v.get('/v3.0/notifications/count')).json().data.unread_count).toBe(0);
    expect((await author.v.get('/v3.0/notifications')).json().data.items).toEqual([]);
  });

  it('the daily digest: opt-in (any valid email) confirmed by the address’s owner, the account’s own too; one digest a day with the day’s top entries', async () => {
    const author = await person('Автор');
    await entry(author.id, 'Лучшая запись дня', { likesSumm: 50 });
    await entry(author.id, 'Вторая запись дня', { likesSumm: 10 });
    await entry(author.id, 'Вчерашняя запись', { likesSumm: 99, publishedAt: new Date(Date.now() - 3 * 86_400_000) });
    const reader = new Visitor(t.app);
    for (const email of ['', 'не почта', 'a@b', 'x'.repeat(300) + '@example.ru', 5]) {
      const res = await reader.post('/v3.0/email/subscribe/opt_in', { email });
      expect(res.json().rm, JSON.stringify(email)).toBe(messages.digestEmailInvalid);
      expect(isRussianError(res, 400)).toBe(true);
    }
    expect(isRussianError(await reader.post('/v3.0/email/subscribe/opt_in', {}), 400)).toBe(true);
    expect(
      isRussianError(await reader.post('/v3.0/email/subscribe/opt_in', { email: 'r@example.ru', x: 1 }), 400),
    ).toBe(true);
    expect(
      isRussianError(
        await reader.post('/v3.0/email/subscribe/opt_in', { email: 'r@example.ru' }, { csrf: false }),
        403,
      ),
    ).toBe(true);
    expect(
      await t.database.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.email, 'r@example.ru')),
    ).toHaveLength(0);

    // Anyone's address: a confirmation letter, and no digest until its owner follows the link.
    const ok = await reader.post('/v3.0/email/subscribe/opt_in', { email: ' Reader@Example.ru ' });
    expect(ok.json()).toMatchObject({
      rc: 200,
      rm: messages.digestConfirmSent('reader@example.ru'),
      data: { email: 'reader@example.ru', digest: true },
    });
    await reader.post('/v3.0/email/subscribe/opt_in', { email: 'reader@example.ru' });
    await drain();
    const asked = letters.filter((l) => l.rcpt.includes('reader@example.ru')).map((l) => readLetter(l.raw));
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.every((l) => l.subject === messages.mailDigestConfirmSubject)).toBe(true);
    const confirmToken = /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(asked[0].text)![1];
    for (const token of ['x'.repeat(30), '../../etc', 5, '']) {
      expect(isRussianError(await new Visitor(t.app).post('/v3.0/email/confirm', { token }), 400), String(token)).toBe(
        true,
      );
    }
    expect(
      isRussianError(await new Visitor(t.app).post('/v3.0/email/confirm', { token: confirmToken, x: 1 }), 400),
    ).toBe(true);
    expect(
      isRussianError(
        await new Visitor(t.app).post('/v3.0/email/confirm', { token: confirmToken }, { csrf: false }),
        403,
      ),
    ).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect((await new Visitor(t.app).post('/v3.0/email/confirm', { token: confirmToken })).json()).toMatchObject({
        rc: 200,
        rm: messages.digestConfirmed,
        data: { email: 'reader@example.ru', confirmed: true },
      });
    }
    // Asking again once confirmed sends nothing more, and the answer is the one anybody gets: it does not tell
    // whether the address reads the digest.
    const count = letters.length;
    expect(
      (await new Visitor(t.app).post('/v3.0/email/subscribe/opt_in', { email: 'reader@example.ru' })).json(),
    ).toEqual(ok.json());
    await drain();
    expect(letters.length).toBe(count);
    // Someone signing up a stranger gets them one letter and nothing after it.
    await reader.post('/v3.0/email/subscribe/opt_in', { email: 'stranger@example.ru' });
    // An account's own address is no proof either (registering does not prove it): a confirmation letter first.
    const member = await person('Подписчица');
    expect((await member.v.post('/v3.0/email/subscribe/opt_in', { email: member.email })).json()).toMatchObject({
      rm: messages.digestConfirmSent(member.email),
    });
    await drain();
    const memberLetter = readLetter(letters.findLast((l) => l.rcpt.includes(member.email))!.raw);
    expect(memberLetter.subject).toBe(messages.mailDigestConfirmSubject);
    expect((await member.v.get('/v3.0/notifications/settings')).json().data).toMatchObject({
      digest: false,
      digest_pending: true,
    });
    const memberToken = /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(memberLetter.text)![1];
    await new Visitor(t.app).post('/v3.0/email/confirm', { token: memberToken });
    expect((await member.v.get('/v3.0/notifications/settings')).json().data).toMatchObject({
      digest: true,
      digest_pending: false,
    });

    // Scheduling from two nodes (twice here) queues one digest for the next 06:00 UTC.
    const at = nextDigestAt(t.clock.now);
    await scheduleDigest(t.app.ctx);
    expect(await scheduleDigest(t.app.ctx)).toBeNull();
    const day = at.toISOString().slice(0, 10);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `digest:${day}`));
    expect(queued).toHaveLength(1);

    // The digest covers the 24 hours before its time: make our entries fall inside.
    await t.database.db.execute(
      sql`update entries set published_at = ${new Date(at.getTime() - 3_600_000)} where title in ('Лучшая запись дня', 'Вторая запись дня')`,
    );
    t.clock.now = new Date(at.getTime() + 1000);
    await drain();
    expect(lastTo('stranger@example.ru')!.subject).toBe(messages.mailDigestConfirmSubject);
    expect(lastTo(member.email)!.subject).toMatch(/^Среда: главное за /);
    const digest = lastTo('reader@example.ru')!;
    expect(digest.subject).toMatch(/^Среда: главное за \d{1,2} [а-я]+ \d{4}$/);
    expect(digest.text).toContain(messages.mailDigestIntro);
    expect(digest.text.indexOf('Лучшая запись дня')).toBeLessThan(digest.text.indexOf('Вторая запись дня'));
    expect(digest.text).not.toContain('Вчерашняя запись');
    const token = /\/email\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(digest.text)![1];
    expect(digest.headers.get('list-unsubscribe')).toContain(token);
    // Done for the day, and the next day's is queued.
    expect(await scheduleDigest(t.app.ctx)).toBeNull();
    const next = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `digest:${next}`)),
    ).toHaveLength(1);

    // The page's POST API unsubscribes without a session; a bad token is refused.
    expect(
      isRussianError(await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token: 'x'.repeat(30) }), 400),
    ).toBe(true);
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token: '../../etc' }), 400)).toBe(
      true,
    );
    expect(isRussianError(await new Visitor(t.app).post('/email/unsubscribe/short', {}), 400)).toBe(true);
    expect((await new Visitor(t.app).post('/v3.0/email/unsubscribe', { token })).json()).toMatchObject({
      rc: 200,
      data: { email: 'reader@example.ru', active: false },
    });
    const [sub] = await t.database.db
      .select()
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.email, 'reader@example.ru'));
    expect(sub).toMatchObject({ digest: false });
    expect(sub.unsubscribedAt).not.toBeNull();
  });
});
