import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { solve } from './testing.ts';
import { comments, entries, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { NEW_ACCOUNT_COMMENTS_PER_HOUR, type CaptchaChallenge } from '../../../shared/captcha.ts';

// Scale 1: the real new-account limits (the other API files run with scaled-up limits).
const { t, staff, signedIn } = useTestApp({ rateLimitScale: 1 });
const DAY = 86_400_000;

async function entry(authorId: number) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: 'Запись',
      slug: 'zapis',
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
    })
    .returning();
  return row;
}

const add = (v: Visitor, id: number, extra: Record<string, unknown> = {}) =>
  v.post('/v3.0/comment/add', { id, text: 'Новый комментарий', ...extra });
const count = async (authorId: number) =>
  (await t.database.db.select().from(comments).where(eq(comments.authorId, authorId))).length;

describe('new-account limits and the captcha (rc 418)', () => {
  it('a new account over the comment limit gets 418 with a challenge; a solved one passes once', async () => {
    const { v, id } = await signedIn();
    const e = await entry(id);
    for (let i = 0; i < NEW_ACCOUNT_COMMENTS_PER_HOUR; i++) expect((await add(v, e.id)).json().rc).toBe(200);

    const over = await add(v, e.id);
    expect(over.statusCode).toBe(418);
    expect(over.json().rm).toBe(messages.captchaRequired);
    const challenge = over.json().data.challenge as CaptchaChallenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]+$/);
    expect(await count(id)).toBe(NEW_ACCOUNT_COMMENTS_PER_HOUR);

    // Wrong solutions, garbage, huge and wrong types: refused, nothing written.
    for (const captcha of [await solve(challenge, true), 'мусор']) {
      const res = await add(v, e.id, { captcha });
      expect(res.statusCode, String(captcha).slice(0, 20)).toBe(418);
      expect(res.json().rm).toBe(messages.captchaInvalid);
      expect(res.json().data.challenge.signature).toBeTruthy();
    }
    // (another account: the per-minute route limit of this one is nearly used up)
    const other = await signedIn();
    for (const captcha of ['x'.repeat(5000), 12, { a: 1 }]) {
      const res = await add(other.v, e.id, { captcha });
      expect(res.statusCode).toBe(400);
      expect(isRussianError(res, 400)).toBe(true);
    }
    expect(await count(id)).toBe(NEW_ACCOUNT_COMMENTS_PER_HOUR);

    const value = await solve(challenge);
    expect((await add(v, e.id, { captcha: value })).json().rc).toBe(200);
    expect(await count(id)).toBe(NEW_ACCOUNT_COMMENTS_PER_HOUR + 1);
    // The same solution again: used.
    const again = await add(v, e.id, { captcha: value });
    expect(again.statusCode).toBe(418);
    expect(again.json().rm).toBe(messages.captchaInvalid);
    expect(await count(id)).toBe(NEW_ACCOUNT_COMMENTS_PER_HOUR + 1);
    // A challenge signed with another key (another site) does not pass.
    const foreign = await solve({ ...challenge, signature: 'ab'.repeat(32) });
    expect((await add(v, e.id, { captcha: foreign })).statusCode).toBe(418);
    expect(await count(id)).toBe(NEW_ACCOUNT_COMMENTS_PER_HOUR + 1);
  });

  it('accounts older than a day and staff write without the captcha', async () => {
    const { v, id } = await signedIn();
    const e = await entry(id);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(users.id, id));
    for (let i = 0; i <= NEW_ACCOUNT_COMMENTS_PER_HOUR; i++) expect((await add(v, e.id)).json().rc).toBe(200);
    for (let i = 0; i <= NEW_ACCOUNT_COMMENTS_PER_HOUR; i++) expect((await add(staff, e.id)).json().rc).toBe(200);
  });
});

describe('the sign-up honeypot', () => {
  it('a filled hidden field is refused quietly, no account made; empty passes', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const bot = new Visitor(t.app);
    const values = { name: 'Бот', email: 'bot@example.ru', password: 'correct horse battery' };
    const res = await bot.post('/v3.0/auth/simple/register', { values: { ...values, website: 'http://spam.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().rm).toBe(messages.signupRefused);
    for (const website of [12, 'x'.repeat(600)]) {
      const r = await bot.post('/v3.0/auth/simple/register', { values: { ...values, website } });
      expect(r.statusCode).toBe(400);
      expect(isRussianError(r, 400)).toBe(true);
    }
    expect((await t.database.db.select().from(users)).length).toBe(before);
    const person = await bot.post('/v3.0/auth/simple/register', { values: { ...values, website: '' } });
    expect(person.json().rc, person.body).toBe(200);
  });
});
