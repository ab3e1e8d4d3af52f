import net from 'node:net';
import { startSmtpServer, type ReceivedLetter } from '../../testing/smtp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { outbox, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';

async function start(smtpUrl = '') {
  const t = await startTestApp({ smtpUrl });
  // The first account runs the site; take that seat so later accounts are ordinary users.
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  return t;
}

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

describe('GET /v3.0/admin/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await start();
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
    expect(res.json()).toEqual({ rc: 403, rm: messages.forbidden, data: {} });
  });

  it('shows staff the letters, newest first, kept when there is no SMTP', async () => {
    const staff = new Visitor(t.app);
    const { user: mod } = await staff.register({ name: 'Модератор Мод' });
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));

    const a = await new Visitor(t.app).register({ name: 'Первый Адресат' });
    const b = await new Visitor(t.app).register({ name: 'Второй Адресат' });
    for (const email of [a.email, b.email]) {
      expect(
        (await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } })).json().rc,
      ).toBe(200);
    }

    const res = await staff.get('/v3.0/admin/outbox');
    expect(res.json()).toMatchObject({ rc: 200, rm: '' });
    const items = res.json().data.items as {
      id: number;
      to: string;
      subject: string;
      text: string;
      status: string;
      error: string | null;
    }[];
    const forB = items.findIndex((i) => i.to === b.email);
    const forA = items.findIndex((i) => i.to === a.email);
    expect(forB).toBeGreaterThanOrEqual(0);
    expect(forA).toBeGreaterThan(forB);
    expect(items[forA]).toMatchObject({ subject: messages.recoverMailSubject, status: 'kept', error: null });
    expect(items[forA].text).toContain('Здравствуйте, Первый Адресат!');
    expect(items[forA].text).toMatch(LINK_RE);
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((x, y) => y - x));
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
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedLetter[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.letters;
    t = await start(smtp.url);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the recovery letter in Russian with a working link, and the outbox says sent', async () => {
    const { email, user } = await new Visitor(t.app).register({ name: 'Ёлкин Пётр' });
    const before = received.length;
    const res = await new Visitor(t.app).post('/auth/simple/recover/request', { values: { email } });
    expect(res.json()).toEqual({ rc: 200, rm: messages.recoverSent, data: {} });

    expect(received.length).toBe(before + 1);
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

    const row = await lastLetter(t, email);
    expect(row).toMatchObject({ status: 'sent', error: null, subject: messages.recoverMailSubject });
    expect(letter.text.trim()).toBe(row.text.trim());

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
    expect(received.length).toBe(before);
  });

  it('marks a letter the SMTP server refused as failed, with its reason, and still answers rc 200', async () => {
    const { email } = await new Visitor(t.app).register();
    const before = received.length;
    smtp.refuseNext();
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    expect(res.json()).toEqual({ rc: 200, rm: messages.recoverSent, data: {} });
    expect(received.length).toBe(before);
    const row = await lastLetter(t, email);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/552/);
  });
});

describe('delivery to an SMTP server that is not there', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await start(`smtp://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still answers rc 200, and the outbox keeps the letter as failed with the error', async () => {
    const { email } = await new Visitor(t.app).register();
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    expect(res.json()).toEqual({ rc: 200, rm: messages.recoverSent, data: {} });
    const row = await lastLetter(t, email);
    expect(row).toMatchObject({ status: 'failed', subject: messages.recoverMailSubject });
    expect(row.error).toEqual(expect.any(String));
    expect(row.error!.length).toBeGreaterThan(0);
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.text).toMatch(LINK_RE);
  });
});
