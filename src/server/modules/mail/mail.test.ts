import net from 'node:net';
import { startSmtpServer, type ReceivedLetter } from '../../testing/smtp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { jobsOf, backoffMs } from '../../jobs/queue.ts';
import { pageServices } from '../../http/page-services.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { userBySessionToken } from '../auth/service.ts';
import { jobs, outbox, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';

/** An app whose first account (the superuser) is `owner`; later accounts are ordinary users. */
async function start(smtpUrl = '') {
  const t = await startTestApp({ smtpUrl });
  const owner = new Visitor(t.app);
  const { email } = await owner.register({ name: 'Хозяин Сайта' });
  return { t, owner, ownerEmail: email };
}

/** A moderator, signed in. */
async function moderator(t: TestApp) {
  const v = new Visitor(t.app);
  const { user } = await v.register({ name: 'Модератор Мод' });
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, user.id));
  return v;
}

/** Runs the queue until the letter to `to` is no longer waiting (its job ran). */
async function settled(t: TestApp, to: string) {
  await jobsOf(t.app.ctx).drain();
  await expect.poll(async () => (await lastLetter(t, to))?.status).not.toBe('queued');
  return lastLetter(t, to);
}

/** The page services `/admin/outbox`'s loader gets for this visitor. */
async function pageOf(t: TestApp, v: Visitor) {
  const user = await userBySessionToken(t.app.ctx, v.cookies[SESSION_COOKIE]);
  return pageServices(t.app.ctx, user);
}

type Item = { id: number; to: string; subject: string; text: string; status: string; error: string | null };
const outboxOf = async (v: Visitor) => (await v.get('/v3.0/admin/outbox')).json().data.items as Item[];

const SECRET_LINKS = [
  /\/auth\/simple\/recover\?token=/,
  /\/auth\/magic\?token=/,
  /\/u\/me\/settings\/email\/[A-Za-z0-9_-]{20}/,
];

const lastLetter = async (t: TestApp, to: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

const LINK_RE = /http:\/\/localhost:3000\/auth\/simple\/recover\?token=([A-Za-z0-9_-]+)/;

// --- A small MIME reader: mailparser is not installed, so decoding is done here. ---

/** Quoted-printable to bytes: soft line breaks go, `=XX` becomes a byte. */
function qpDecode(s: string): Buffer {
  const clean = s.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    const hex = clean.slice(i + 1, i + 3);
    if (clean[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(clean.charCodeAt(i));
    }
  }
  return Buffer.from(out);
}

/** RFC 2047 encoded words; neighbouring words are joined as bytes, so a letter split between them survives. */
function decodeHeader(value: string): string {
  return value.replace(/(?:=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=\s*)+/g, (run) => {
    const trailing = /\s*$/.exec(run)![0];
    const chunks = [...run.matchAll(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g)].map(([, charset, enc, text]) => {
      expect(charset.toLowerCase()).toBe('utf-8');
      return enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpDecode(text.replace(/_/g, ' '));
    });
    return Buffer.concat(chunks).toString('utf8') + trailing;
  });
}

interface Letter {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
}

function parseLetter(raw: string): Letter {
  const split = raw.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  expect(headers['content-type']).toMatch(/^text\/plain;\s*charset=utf-8/i);
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    cte === 'quoted-printable'
      ? qpDecode(body)
      : cte === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
  return {
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    from: decodeHeader(headers.from ?? ''),
    to: decodeHeader(headers.to ?? ''),
    text: bytes.toString('utf8').replace(/\r\n/g, '\n'),
  };
}

describe('the MIME reader of this test', () => {
  it('decodes what nodemailer might write', () => {
    expect(decodeHeader('=?UTF-8?B?0JLQvtGB0YHRgtCw0L3QvtCy0LvQtdC90LjQtQ==?= =?UTF-8?B?INC/0LDRgNC+0LvRjw==?=')).toBe(
      'Восстановление пароля',
    );
    expect(decodeHeader('=?UTF-8?Q?=D0=A1=D1=80=D0=B5=D0=B4=D0=B0?= <noreply@localhost>')).toBe(
      'Среда <noreply@localhost>',
    );
    expect(decodeHeader('=?utf-8?Q?a_b?=')).toBe('a b');
    expect(qpDecode('token=3Dabc=\r\ndef').toString()).toBe('token=abcdef');
  });
});

describe('GET /v3.0/admin/outbox without SMTP', () => {
  let t: TestApp;
  let owner: Visitor;
  beforeAll(async () => {
    ({ t, owner } = await start());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks an anonymous visitor to sign in', async () => {
    const res = await new Visitor(t.app).get('/v3.0/admin/outbox');
    expect(isRussianError(res, 401)).toBe(true);
    expect(res.json().rm).toBe(messages.authRequired);
  });

  it('refuses an ordinary user with a Russian 403 and no letters', async () => {
    const v = new Visitor(t.app);
    const { user } = await v.register();
    expect(user.role).toBe('user');
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email: user.user_email } });
    const res = await v.get('/v3.0/admin/outbox');
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json()).toEqual({ rc: 403, rm: messages.forbidden, error: 'forbidden', data: {} });
  });

  it('shows staff the letters newest first; the links in them to the superuser only', async () => {
    const mod = await moderator(t);
    const a = await new Visitor(t.app).register({ name: 'Первый Адресат' });
    const b = await new Visitor(t.app).register({ name: 'Второй Адресат' });
    for (const email of [a.email, b.email]) {
      expect(
        (await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } })).json().rc,
      ).toBe(200);
      await settled(t, email);
    }

    const items = await outboxOf(mod);
    const forB = items.findIndex((i) => i.to === b.email);
    const forA = items.findIndex((i) => i.to === a.email);
    expect(forB).toBeGreaterThanOrEqual(0);
    expect(forA).toBeGreaterThan(forB);
    expect(items[forA]).toMatchObject({ subject: messages.recoverMailSubject, status: 'kept', error: null });
    expect(items[forA].text).toContain('Здравствуйте, Первый Адресат!');
    expect(items[forA].text).not.toMatch(LINK_RE);
    expect(items[forA].text).toContain(messages.mailLinkHidden);
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((x, y) => y - x));
    expect(Object.keys(items[0]).sort()).not.toContain('secrets');

    // The superuser reads the demo's mailbox whole: without SMTP it is the only way the link reaches anyone.
    const whole = (await outboxOf(owner)).find((i) => i.to === a.email)!;
    expect(whole.text).toMatch(LINK_RE);
    // The page's loader gives the moderator the same masked copy.
    const page = JSON.stringify(await (await pageOf(t, mod)).outbox());
    expect(page).toContain('Первый Адресат');
    expect(page).not.toMatch(LINK_RE);
  });

  it('lets an admin in and shuts a demoted moderator out again', async () => {
    const v = new Visitor(t.app);
    const { user } = await v.register();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await v.get('/v3.0/admin/outbox')).json().rc).toBe(200);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
    expect(isRussianError(await v.get('/v3.0/admin/outbox'), 403)).toBe(true);
  });
});

describe('delivery over SMTP', () => {
  let t: TestApp;
  let owner: Visitor;
  let ownerEmail: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedLetter[];
  const logged: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.letters;
    ({ t, owner, ownerEmail } = await start(smtp.url));
    // Everything the app logs from here on, to look for links in it.
    const log = t.app.ctx.log;
    const capture =
      (level: 'info' | 'warn' | 'error' | 'debug') =>
      (...args: unknown[]) => {
        logged.push(JSON.stringify(args));
        (log[level] as (...a: unknown[]) => void)(...args);
      };
    t.app.ctx.log = {
      ...log,
      info: capture('info'),
      warn: capture('warn'),
      error: capture('error'),
      debug: capture('debug'),
    } as typeof log;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the recovery letter in Russian with a working link; the stored copy has the link masked', async () => {
    const { email, user } = await new Visitor(t.app).register({ name: 'Ёлкин Пётр' });
    const before = received.length;
    const res = await new Visitor(t.app).post('/auth/simple/recover/request', { values: { email } });
    expect(res.json()).toEqual({ rc: 200, rm: messages.recoverSent, data: {} });

    await expect.poll(() => received.length).toBe(before + 1);
    const got = received[received.length - 1];
    expect(got.rcpt).toEqual([email]);
    expect(got.from).toBe('noreply@localhost');

    const letter = parseLetter(got.raw);
    expect(letter.subject).toBe(messages.recoverMailSubject);
    expect(letter.from).toBe('Среда <noreply@localhost>');
    expect(letter.to).toContain(email);
    expect(letter.text).toContain('Здравствуйте, Ёлкин Пётр!');
    expect(letter.text).toContain('Ссылка действует 1 час.');
    const link = LINK_RE.exec(letter.text);
    expect(link).not.toBeNull();

    const row = await settled(t, email);
    expect(row).toMatchObject({ status: 'sent', error: null, subject: messages.recoverMailSubject, secrets: [] });
    expect(row.text).not.toContain(link![0]);
    expect(letter.text.trim()).toBe(row.text.replace(messages.mailLinkHidden, link![0]).trim());
    // Sent: not even the superuser reads the link any more.
    expect((await outboxOf(owner)).find((i) => i.to === email)!.text).not.toMatch(LINK_RE);

    // The token that travelled through SMTP is the one the site accepts.
    const check = await new Visitor(t.app).get(`/v3.0/auth/simple/recover?token=${link![1]}`);
    expect(check.json()).toMatchObject({ rc: 200, data: { email, name: user.name } });
  });

  it('sends nothing for an unknown address', async () => {
    const before = received.length;
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', {
      values: { email: 'nobody-here@example.ru' },
    });
    expect(res.json().rc).toBe(200);
    await jobsOf(t.app.ctx).drain();
    expect(received.length).toBe(before);
  });

  it('a letter the SMTP server refused waits with its reason and goes out on the retry', async () => {
    const { email } = await new Visitor(t.app).register();
    const before = received.length;
    smtp.refuseNext();
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    expect(res.json()).toEqual({ rc: 200, rm: messages.recoverSent, data: {} });
    await expect.poll(async () => (await lastLetter(t, email)).error).toMatch(/552/);
    expect(received.length).toBe(before);
    expect((await lastLetter(t, email)).status).toBe('queued');

    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + backoffMs(1));
    try {
      const row = await settled(t, email);
      expect(row).toMatchObject({ status: 'sent', error: null });
    } finally {
      t.clock.now = start;
    }
    expect(received.length).toBe(before + 1);
  });

  it('a moderator cannot get a working magic, recovery or email-change link of anyone by any route', async () => {
    const mod = await moderator(t);
    // The superuser's address: the prize.
    await new Visitor(t.app).post('/v3.0/magic/create', { email: ownerEmail });
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email: ownerEmail } });
    const change = await owner.post('/v3.0/users/settings/email', {
      email: `new-${ownerEmail}`,
      password: 'correct horse battery',
    });
    expect(change.json().rc).toBe(200);
    await jobsOf(t.app.ctx).drain();
    await expect.poll(async () => (await lastLetter(t, `new-${ownerEmail}`))?.status).toBe('sent');

    const api = JSON.stringify(await outboxOf(mod));
    const page = JSON.stringify(await (await pageOf(t, mod)).outbox());
    const queued = JSON.stringify(await t.database.db.select().from(jobs));
    for (const text of [api, page, queued, logged.join('\n')])
      for (const re of SECRET_LINKS) expect(text).not.toMatch(re);
    expect(api).toContain(messages.mailLinkHidden);
    // The letters themselves did carry the links.
    const raw = received.map((r) => parseLetter(r.raw).text).join('\n');
    for (const re of SECRET_LINKS) expect(raw).toMatch(re);
  });
});

describe('delivery to an SMTP server that is down', () => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there until the test starts a server on it.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    ({ t } = await start(`smtp://127.0.0.1:${port}`));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers recovery, magic link and email change at once; the letters go out when SMTP returns', async () => {
    const person = new Visitor(t.app);
    const { email } = await person.register();
    const started = Date.now();
    const answers = [
      await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } }),
      await new Visitor(t.app).post('/v3.0/magic/create', { email }),
      await person.post('/v3.0/users/settings/email', { email: `new-${email}`, password: 'correct horse battery' }),
    ];
    expect(answers.map((r) => r.json().rc)).toEqual([200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(5000);

    const waiting = async () =>
      (await t.database.db.select().from(outbox)).filter((r) => r.to === email || r.to === `new-${email}`);
    await expect
      .poll(async () => (await waiting()).every((r) => /ECONNREFUSED|connect/i.test(r.error ?? '')))
      .toBe(true);
    expect((await waiting()).map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);

    smtp = await startSmtpServer(port);
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + backoffMs(3));
    try {
      await jobsOf(t.app.ctx).drain();
      await expect.poll(async () => (await waiting()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      t.clock.now = start;
    }
    expect(smtp.letters.map((l) => l.rcpt[0]).sort()).toEqual([email, email, `new-${email}`].sort());
    const links = smtp.letters.map((l) => parseLetter(l.raw).text);
    expect(links.filter((text) => SECRET_LINKS.some((re) => re.test(text)))).toHaveLength(3);
    for (const row of await waiting()) for (const re of SECRET_LINKS) expect(row.text).not.toMatch(re);
  });
});
