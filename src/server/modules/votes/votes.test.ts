import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import { hotnessOf } from '../feed/ranking.ts';
import { isRussianError, newUser, startTestApp, useTestApp, Visitor } from '../../testing/harness.ts';
import { comments, entries, likes, subscriptions, subsites, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { voteCountersOf } from './counters.ts';

// The first account runs the site; useTestApp takes that seat so every test user is an ordinary one.
const { t } = useTestApp();

const signedIn = (app = t.app) => newUser(app);

let seq = 0;
type EntryValues = Partial<typeof entries.$inferInsert>;
/** An entry straight in the database, published in the author's blog unless told otherwise. */
async function entry(authorId: number, values: EntryValues = {}, db = t.database.db) {
  seq += 1;
  const [row] = await db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: `Запись ${seq}`,
      slug: `zapis-${seq}`,
      blocks: [],
      isPublished: true,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row;
}

async function comment(entryId: number, authorId: number, values: Partial<typeof comments.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(comments)
    .values({ entryId, authorId, text: 'Комментарий', ...values })
    .returning();
  return row;
}

async function privateCommunity() {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({ type: 'community', slug: `private-${seq}-${Date.now()}`, name: 'Закрытый клуб', isPrivate: true })
    .returning();
  return row;
}

const vote = (v: Visitor, body: unknown) => v.post('/v3.0/like', body);
const fold = () => voteCountersOf(t.app.ctx)!.fold();

const entryCounters = async (id: number) =>
  (
    await t.database.db
      .select({ count: entries.likesCount, summ: entries.likesSumm })
      .from(entries)
      .where(eq(entries.id, id))
  )[0];
const commentCounters = async (id: number) =>
  (
    await t.database.db
      .select({ count: comments.likesCount, summ: comments.likesSumm })
      .from(comments)
      .where(eq(comments.id, id))
  )[0];
const ratingOf = async (userId: number) =>
  (await t.database.db.select({ r: subsites.rating }).from(subsites).where(eq(subsites.id, userId)))[0].r;
const voteRows = async (type: 'content' | 'comment', id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.targetType, type), eq(likes.targetId, id)))
  )[0].n;
const myVote = async (type: 'content' | 'comment', id: number, userId: number) =>
  (
    await t.database.db
      .select({ sign: likes.sign })
      .from(likes)
      .where(and(eq(likes.targetType, type), eq(likes.targetId, id), eq(likes.userId, userId)))
  )[0]?.sign ?? 0;

describe('POST /v3.0/like', () => {
  it('counts one vote per user, repeats change nothing, and the answer is exact before the fold', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const a = await signedIn();
    const b = await signedIn();
    expect((await vote(a.v, { id: e.id, type: 'content', sign: 1 })).json()).toEqual({
      rc: 200,
      rm: '',
      data: { count: 1, summ: 1, is_liked: 1 },
    });
    expect((await vote(a.v, { id: e.id, type: 'content', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
    expect((await vote(b.v, { id: e.id, type: 'content', sign: -1 })).json().data).toEqual({
      count: 2,
      summ: 0,
      is_liked: -1,
    });
    expect(await voteRows('content', e.id)).toBe(2);
    await fold();
    expect(await entryCounters(e.id)).toEqual({ count: 2, summ: 0 });
  });

  it('changes a vote +1 → -1 → 0 with the summ and the author rating right at every step', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    const steps: [number, { count: number; summ: number }][] = [
      [1, { count: 1, summ: 1 }],
      [-1, { count: 1, summ: -1 }],
      [0, { count: 0, summ: 0 }],
      [0, { count: 0, summ: 0 }],
      [-1, { count: 1, summ: -1 }],
    ];
    for (const [sign, expected] of steps) {
      const res = await vote(v, { id: e.id, type: 'content', sign });
      expect(res.json().data).toEqual({ ...expected, is_liked: sign });
      expect(await myVote('content', e.id, id)).toBe(sign);
      await fold();
      expect(await entryCounters(e.id)).toEqual(expected);
      expect(await ratingOf(author.id)).toBe(expected.summ);
    }
  });

  it('votes on comments too; the comment author rating is the sum over their entries and comments', async () => {
    const author = await signedIn();
    const host = await signedIn();
    const e = await entry(host.id);
    const own = await entry(author.id);
    const c = await comment(e.id, author.id);
    const voters = [await signedIn(), await signedIn(), await signedIn()];
    expect((await vote(voters[0].v, { id: c.id, type: 'comment', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
    expect((await vote(voters[1].v, { id: c.id, type: 'comment', sign: 1 })).json().data).toEqual({
      count: 2,
      summ: 2,
      is_liked: 1,
    });
    await vote(voters[2].v, { id: own.id, type: 'content', sign: -1 });
    await vote(voters[0].v, { id: e.id, type: 'content', sign: 1 });
    await fold();
    expect(await commentCounters(c.id)).toEqual({ count: 2, summ: 2 });
    expect(await entryCounters(own.id)).toEqual({ count: 1, summ: -1 });
    expect(await ratingOf(author.id)).toBe(1);
    expect(await ratingOf(host.id)).toBe(1);
    // The comment counter is not the entry's.
    expect(await entryCounters(e.id)).toEqual({ count: 1, summ: 1 });
  });

  it('accepts a form body in bracket notation with mode=raw', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    const res = await v.call('/v3.0/like', {
      method: 'POST',
      as: 'form',
      body: { id: String(e.id), type: 'content', sign: '-1', mode: 'raw' },
    });
    expect(res.json()).toEqual({ rc: 200, rm: '', data: { count: 1, summ: -1, is_liked: -1 } });
  });
});

describe('who may vote', () => {
  it('asks an anonymous visitor to sign in (401) and stores nothing', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const res = await vote(new Visitor(t.app), { id: e.id, type: 'content', sign: 1 });
    expect(isRussianError(res, 401)).toBe(true);
    expect(res.json().rm).toBe(messages.authRequired);
    expect(await voteRows('content', e.id)).toBe(0);
  });

  it('refuses a request without the CSRF marker', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    const res = await v.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 }, { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.csrf);
    expect(await voteRows('content', e.id)).toBe(0);
  });

  it('forbids voting for your own entry or comment (403)', async () => {
    const { v, id } = await signedIn();
    const e = await entry(id);
    const c = await comment(e.id, id);
    const onEntry = await vote(v, { id: e.id, type: 'content', sign: 1 });
    expect(isRussianError(onEntry, 403)).toBe(true);
    expect(onEntry.json().rm).toBe(messages.voteOwnEntry);
    const onComment = await vote(v, { id: c.id, type: 'comment', sign: -1 });
    expect(isRussianError(onComment, 403)).toBe(true);
    expect(onComment.json().rm).toBe(messages.voteOwnComment);
    expect(await voteRows('content', e.id)).toBe(0);
    expect(await voteRows('comment', c.id)).toBe(0);
    await fold();
    expect(await ratingOf(id)).toBe(0);
  });

  it('forbids a banned user (403) until the ban ends', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 86_400_000) })
      .where(eq(users.id, id));
    const res = await vote(v, { id: e.id, type: 'content', sign: 1 });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.banned);
    expect(await voteRows('content', e.id)).toBe(0);
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(users.id, id));
    expect((await vote(v, { id: e.id, type: 'content', sign: 1 })).json().rc).toBe(200);
  });

  it('forbids votes on an entry whose author switched them off (403), its comments stay open', async () => {
    const author = await signedIn();
    const e = await entry(author.id, { isEnabledLikes: false });
    const c = await comment(e.id, author.id);
    const { v } = await signedIn();
    const res = await vote(v, { id: e.id, type: 'content', sign: 1 });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.voteLikesDisabled);
    expect(await voteRows('content', e.id)).toBe(0);
    expect((await vote(v, { id: c.id, type: 'comment', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
  });

  it('asks its members for Plus (402) in a private subsite, for entries and their comments; a Plus member votes', async () => {
    const author = await signedIn();
    const club = await privateCommunity();
    const e = await entry(author.id, { subsiteId: club.id });
    const c = await comment(e.id, author.id);
    const { v, id } = await signedIn();
    // A member: subscribed (an outsider is refused before Plus is asked: subsites/private.test.ts).
    await t.database.db.insert(subscriptions).values({ userId: id, subsiteId: club.id });
    for (const body of [
      { id: e.id, type: 'content', sign: 1 },
      { id: c.id, type: 'comment', sign: 1 },
    ]) {
      const res = await vote(v, body);
      expect(isRussianError(res, 402)).toBe(true);
      expect(res.json().rm).toBe(messages.votePlusRequired);
    }
    expect(await voteRows('content', e.id)).toBe(0);
    expect(await voteRows('comment', c.id)).toBe(0);
    await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, id));
    expect((await vote(v, { id: e.id, type: 'content', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
    expect((await vote(v, { id: c.id, type: 'comment', sign: -1 })).json().data).toEqual({
      count: 1,
      summ: -1,
      is_liked: -1,
    });
  });

  it('finds nothing (404) for unknown, draft or removed entries and removed comments', async () => {
    const author = await signedIn();
    const draft = await entry(author.id, { isPublished: false, publishedAt: null });
    const removed = await entry(author.id, { removed: true });
    const live = await entry(author.id);
    const removedComment = await comment(live.id, author.id, { removed: true });
    const onRemovedEntry = await comment(removed.id, author.id);
    const onDraft = await comment(draft.id, author.id);
    const { v } = await signedIn();
    const cases: [unknown, string][] = [
      [{ id: 2 ** 31 - 1, type: 'content', sign: 1 }, messages.reactionEntryNotFound],
      [{ id: draft.id, type: 'content', sign: 1 }, messages.reactionEntryNotFound],
      [{ id: removed.id, type: 'content', sign: 1 }, messages.reactionEntryNotFound],
      [{ id: 2 ** 31 - 1, type: 'comment', sign: 1 }, messages.reactionCommentNotFound],
      [{ id: removedComment.id, type: 'comment', sign: 1 }, messages.reactionCommentNotFound],
      [{ id: onRemovedEntry.id, type: 'comment', sign: 1 }, messages.reactionCommentNotFound],
      [{ id: onDraft.id, type: 'comment', sign: 1 }, messages.reactionCommentNotFound],
      // An entry id is not a comment id.
      [{ id: live.id + 100000, type: 'comment', sign: 1 }, messages.reactionCommentNotFound],
    ];
    for (const [body, rm] of cases) {
      const res = await vote(v, body);
      expect(isRussianError(res, 404), JSON.stringify(body)).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(likes)
          .where(eq(likes.userId, (await v.get('/v3.0/auth/check')).json().data.user.id))
      )[0].n,
    ).toBe(0);
  });
});

describe('bad input', () => {
  const bad: [string, (id: number) => unknown, string][] = [
    ['no body fields', () => ({}), messages.fieldRequired],
    ['no id', () => ({ type: 'content', sign: 1 }), messages.fieldRequired],
    ['no type', (id) => ({ id, sign: 1 }), messages.fieldRequired],
    ['no sign', (id) => ({ id, type: 'content' }), messages.fieldRequired],
    ['id as text', () => ({ id: 'abc', type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['id zero', () => ({ id: 0, type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['negative id', () => ({ id: -5, type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['fractional id', () => ({ id: 1.5, type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['huge id', () => ({ id: 2 ** 31, type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['enormous id', () => ({ id: '99999999999999999999', type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['boolean id', () => ({ id: true, type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ['id as array', (id) => ({ id: [id], type: 'content', sign: 1 }), messages.reactionIdInvalid],
    ...['0x10', '1e3', '1.5', '-1', ' ', '+1'].map((id): [string, (id: number) => unknown, string] => [
      `id "${id}"`,
      () => ({ id, type: 'content', sign: 1 }),
      messages.reactionIdInvalid,
    ]),
    ['unknown type', (id) => ({ id, type: 'post', sign: 1 }), messages.reactionTypeInvalid],
    ['type as number', (id) => ({ id, type: 1, sign: 1 }), messages.reactionTypeInvalid],
    ['sign 2', (id) => ({ id, type: 'content', sign: 2 }), messages.voteSignInvalid],
    ['sign -2', (id) => ({ id, type: 'content', sign: -2 }), messages.voteSignInvalid],
    ['sign empty', (id) => ({ id, type: 'content', sign: '' }), messages.voteSignInvalid],
    ['sign +1 text', (id) => ({ id, type: 'content', sign: 'plus' }), messages.voteSignInvalid],
    ['sign 0.5', (id) => ({ id, type: 'content', sign: 0.5 }), messages.voteSignInvalid],
    ['sign null', (id) => ({ id, type: 'content', sign: null }), messages.voteSignInvalid],
    ['an extra field', (id) => ({ id, type: 'content', sign: 1, user_id: 1 }), messages.unknownField('user_id')],
  ];
  it.each(bad)('refuses %s with a Russian 400 and stores nothing', async (_label, body, rm) => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    const res = await vote(v, body(e.id));
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(rm);
    expect(await voteRows('content', e.id)).toBe(0);
  });

  it('refuses broken JSON and a huge body', async () => {
    const { v } = await signedIn();
    expect(
      isRussianError(
        await v.call('/v3.0/like', { method: 'POST', body: '{"id":', headers: { 'content-type': 'application/json' } }),
        400,
      ),
    ).toBe(true);
    const huge = await v.post('/v3.0/like', { id: 1, type: 'content', sign: 1, mode: 'x'.repeat(3_000_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });
});

describe('one vote, one transaction', () => {
  it('a vote whose transaction fails stores nothing, marks nothing, tells nobody, and answers 500', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    const told: unknown[] = [];
    const off = t.app.ctx.events.on('vote.changed', (p) => void told.push(p));
    const db = t.database.db;
    // A real failure raised by the database at the commit, after every step of the vote has run.
    await db.execute(sql`create function fail_like() returns trigger language plpgsql as $$
      begin if new.target_id = ${sql.raw(String(e.id))} then raise exception 'injected'; end if; return new; end $$`);
    await db.execute(sql`create constraint trigger fail_like after insert on likes deferrable initially deferred
      for each row execute function fail_like()`);
    try {
      const res = await vote(v, { id: e.id, type: 'content', sign: 1 });
      expect(res.statusCode).toBe(500);
      await t.app.ctx.events.settled();
      expect(told).toEqual([]);
      expect(await voteRows('content', e.id)).toBe(0);
      await fold();
      expect(await entryCounters(e.id)).toEqual({ count: 0, summ: 0 });
    } finally {
      await db.execute(sql`drop trigger fail_like on likes`);
      await db.execute(sql`drop function fail_like()`);
    }
    expect((await vote(v, { id: e.id, type: 'content', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
    await t.app.ctx.events.settled();
    off();
    expect(told).toHaveLength(1);
    await fold();
    expect(await entryCounters(e.id)).toEqual({ count: 1, summ: 1 });
  });
});

describe('counters under load', () => {
  it('50 readers voting at once on one entry end with exact counters and rating after the fold', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const voters = await Promise.all(Array.from({ length: 50 }, () => signedIn()));
    const signs = voters.map((_, i) => (i % 5 === 0 ? -1 : 1));
    const answers = await Promise.all(voters.map((x, i) => vote(x.v, { id: e.id, type: 'content', sign: signs[i] })));
    expect(answers.every((r) => r.json().rc === 200)).toBe(true);
    // Every answer is an exact count at its moment: between 1 and 50, and the last ones see all 50.
    expect(Math.max(...answers.map((r) => r.json().data.count))).toBe(50);
    await fold();
    const summ = signs.reduce((s, x) => s + x, 0);
    expect(await entryCounters(e.id)).toEqual({ count: 50, summ });
    expect(await ratingOf(author.id)).toBe(summ);
  });

  it('one reader changing a vote many times at once leaves counters equal to the stored vote', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => vote(v, { id: e.id, type: 'content', sign: [1, -1, 0][i % 3] })),
    );
    await fold();
    const sign = await myVote('content', e.id, id);
    expect(await entryCounters(e.id)).toEqual({ count: Math.abs(sign), summ: sign });
    expect(await ratingOf(author.id)).toBe(sign);
  });

  it('folds by itself about once a second', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    await vote(v, { id: e.id, type: 'content', sign: 1 });
    expect(await entryCounters(e.id)).toEqual({ count: 0, summ: 0 });
    const started = Date.now();
    while (Date.now() - started < 3000 && (await entryCounters(e.id)).count === 0)
      await new Promise((r) => setTimeout(r, 50));
    expect(await entryCounters(e.id)).toEqual({ count: 1, summ: 1 });
  });

  it('refreshes the entry hotness when its votes fold', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const voters = await Promise.all(Array.from({ length: 3 }, () => signedIn()));
    for (const x of voters) await vote(x.v, { id: e.id, type: 'content', sign: 1 });
    await fold();
    const [row] = await queryRows<{ hotness: number; expected: number }>(
      t.database.db,
      sql`select e.hotness, ${hotnessOf} as expected from entries e where e.id = ${e.id}`,
    );
    expect(row.hotness).toBeCloseTo(row.expected, 9);
    const [fresh] = await queryRows<{ hotness: number }>(
      t.database.db,
      sql`select ${hotnessOf} as hotness from (select ${e.id}::int as id, 0 as likes_summ, 0 as comments_count, published_at from entries where id = ${e.id}) e`,
    );
    expect(row.hotness).toBeGreaterThan(fresh.hotness);
  });

  it('heals counters that drifted (a crash lost a mark) at the next vote', async () => {
    const author = await signedIn();
    const e = await entry(author.id, { likesCount: 7, likesSumm: -3 });
    const { v } = await signedIn();
    await vote(v, { id: e.id, type: 'content', sign: 1 });
    await fold();
    expect(await entryCounters(e.id)).toEqual({ count: 1, summ: 1 });
  });
});

describe('shutdown', () => {
  it('folds the waiting votes when the app closes', async () => {
    const t2 = await startTestApp();
    try {
      await new Visitor(t2.app).register({ name: 'Хозяин Сайта' });
      const author = await signedIn(t2.app);
      const e = await entry(author.id, {}, t2.database.db);
      const voters = await Promise.all(Array.from({ length: 5 }, () => signedIn(t2.app)));
      for (const x of voters) expect((await vote(x.v, { id: e.id, type: 'content', sign: 1 })).json().rc).toBe(200);
      await t2.app.close();
      const [row] = await t2.database.db
        .select({ count: entries.likesCount, summ: entries.likesSumm })
        .from(entries)
        .where(eq(entries.id, e.id));
      expect(row).toEqual({ count: 5, summ: 5 });
      const [rating] = await t2.database.db
        .select({ r: subsites.rating })
        .from(subsites)
        .where(eq(subsites.id, author.id));
      expect(rating.r).toBe(5);
    } finally {
      await t2.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 in Russian after too many votes in a minute', async () => {
    const t3 = await startTestApp({ rateLimitScale: 0.05 });
    try {
      await new Visitor(t3.app).register({ name: 'Хозяин Сайта' });
      const author = await signedIn(t3.app);
      const e = await entry(author.id, {}, t3.database.db);
      const { v } = await signedIn(t3.app);
      const codes: number[] = [];
      for (let i = 0; i < 8; i++)
        codes.push((await vote(v, { id: e.id, type: 'content', sign: i % 2 ? 1 : -1 })).statusCode);
      expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
      const last = await vote(v, { id: e.id, type: 'content', sign: 1 });
      expect(isRussianError(last, 429)).toBe(true);
      expect(last.json().rm).toBe(messages.tooManyActions);
    } finally {
      await t3.close();
    }
  });
});
