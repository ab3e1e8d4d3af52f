import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { randomAlphanumerics } from '../../../shared/quiz.ts';
import { bans, entries, quizVotes, quizzes, subscriptions, subsites, users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { requestDeletion } from '../accounts/deletion-queries.ts';
import { runDeletion } from '../accounts/service.ts';
import { quizBlock } from './testing.ts';

const { t } = useTestApp();

type Json = Record<string, any>;
const SAVE = '/v3.0/writing/save';
const FINGERPRINT = { 'x-device-fingerprint': randomAlphanumerics(40) };

/** An entry with these blocks, published in the author's blog. */
const published = (v: Visitor, blocks: Json[], over: Json = {}) =>
  savedEntry(v, { title: 'Опрос недели', entry: [text('Голосуйте!'), ...blocks], is_published: 1, ...over });

const votePath = (hash: string, entryId: number | string, option?: string) =>
  `/v3.0/quiz/${hash}/entryId/${entryId}/vote${option === undefined ? '' : `/${option}`}`;
const vote = (v: Visitor, hash: string, entryId: number | string, option: string) =>
  v.post(votePath(hash, entryId, option), {}, { headers: FINGERPRINT });
const bundle = (v: Visitor, hashes: string) =>
  v.get(`/v3.0/quiz/bundleResult?hashes=${hashes}`, { headers: FINGERPRINT });

/** An author with a published entry holding one quiz; `data` changes the quiz. */
async function quizEntry(n = 3, data: Json = {}) {
  const author = await newUser(t.app, 'Автор Опроса');
  const quiz = quizBlock(n, data);
  const entry = await published(author.v, [quiz]);
  return { author, entry, quiz: quiz.data, items: quiz.data.items.map((i: Json) => i.hash as string) };
}

const refused = (res: Awaited<ReturnType<Visitor['get']>>, rc: number, rm?: string) => {
  expect(isRussianError(res, rc), res.body).toBe(true);
  if (rm !== undefined) expect(res.json().rm).toBe(rm);
};

describe('the quiz block in the entry save', () => {
  it("is kept in the quizzes table with the entry's save, and goes when the block goes", async () => {
    const { author, entry, quiz, items } = await quizEntry(4, { multiple: true, results: 'before' });
    const [row] = await t.database.db.select().from(quizzes).where(eq(quizzes.hash, quiz.hash));
    expect(row).toEqual({ hash: quiz.hash, entryId: entry.id, items, isMultiple: true, isResultsBefore: true });
    expect(entry.blocks[1]).toEqual({ type: 'quiz', data: quiz });

    // An option edited and one dropped: the row follows the block.
    const edited = { ...quiz, items: quiz.items.slice(0, 3), multiple: false, results: 'after' };
    await savedEntry(author.v, {
      id: entry.id,
      title: 'Опрос недели',
      entry: [{ type: 'quiz', data: edited }],
      is_published: 1,
    });
    const [after] = await t.database.db.select().from(quizzes).where(eq(quizzes.hash, quiz.hash));
    expect(after).toMatchObject({ items: items.slice(0, 3), isMultiple: false, isResultsBefore: false });

    await savedEntry(author.v, { id: entry.id, title: 'Опрос недели', entry: [text('Без опроса')], is_published: 1 });
    expect(await t.database.db.select().from(quizzes).where(eq(quizzes.hash, quiz.hash))).toEqual([]);
  });

  it('refuses a malformed quiz with a Russian message and keeps nothing', async () => {
    const { v } = await newUser(t.app, 'Автор Опроса');
    const cases: [Json, string][] = [
      [quizBlock(1), messages.entryQuizItemsCount(2, 10)],
      [quizBlock(11), messages.entryQuizItemsCount(2, 10)],
      [quizBlock(2, { title: '   ' }), messages.entryQuizQuestionRequired],
      [quizBlock(2, { hash: 'короткий' }), messages.entryQuizHashInvalid],
      [quizBlock(2, { results: 'never' }), messages.entryQuizInvalid],
      [quizBlock(2, { multiple: 'да' }), messages.entryFlagInvalid],
      [
        quizBlock(2, {
          items: [
            { hash: 'aaaaaaaa', text: 'Да' },
            { hash: 'aaaaaaaa', text: 'Нет' },
          ],
        }),
        messages.entryQuizHashTwice,
      ],
      [
        quizBlock(2, {
          items: [
            { hash: 'aaaaaaaa', text: '' },
            { hash: 'bbbbbbbb', text: 'Нет' },
          ],
        }),
        messages.entryQuizItemRequired,
      ],
      [
        quizBlock(2, {
          items: [
            { hash: 'aaaaaaaa', text: 'Да', extra: 1 },
            { hash: 'bbbbbbbb', text: 'Нет' },
          ],
        }),
        messages.unknownField('extra'),
      ],
      [quizBlock(2, { color: 'red' }), messages.unknownField('color')],
    ];
    for (const [block, rm] of cases) {
      const res = await v.post(SAVE, { title: 'Опрос', entry: [block], is_published: 1 });
      expect(isRussianError(res, 400), `${JSON.stringify(block)} ${res.body}`).toBe(true);
      expect(res.body).toContain(rm);
    }
    // Two quizzes of one entry with one hash.
    const twin = quizBlock(2);
    const res = await v.post(SAVE, { title: 'Опрос', entry: [twin, { ...twin }], is_published: 1 });
    refused(res, 400);
    expect(res.body).toContain(messages.entryQuizHashTwice);
  });

  it("refuses another entry's quiz hash, and the whole save with it", async () => {
    const { quiz } = await quizEntry();
    const other = await newUser(t.app, 'Другой Автор');
    const before = (await t.database.db.select().from(entries)).length;
    const res = await other.v.post(SAVE, {
      title: 'Чужой опрос',
      entry: [{ type: 'quiz', data: quiz }],
      is_published: 1,
    });
    refused(res, 400, messages.entryQuizHashTaken);
    expect((await t.database.db.select().from(entries)).length).toBe(before);
  });
});

describe('POST /quiz/{hash}/entryId/{id}/vote[/{option}]', () => {
  it('counts one vote per account and answers the results; the fingerprint is kept with it', async () => {
    const { entry, quiz, items } = await quizEntry(3);
    const a = await newUser(t.app, 'Первый Читатель');
    const b = await newUser(t.app, 'Второй Читатель');
    const first = await vote(a.v, quiz.hash, entry.id, items[0]);
    expect(first.json().rc, first.body).toBe(200);
    expect(first.json().data).toEqual({
      userVoted: true,
      items: {
        [items[0]]: { isWinner: true, percentage: 100, count: 1 },
        [items[1]]: { isWinner: false, percentage: 0, count: 0 },
        [items[2]]: { isWinner: false, percentage: 0, count: 0 },
      },
      randomVotedUsers: [expect.objectContaining({ id: a.id, name: 'Первый Читатель', url: expect.any(String) })],
      total: 1,
      userItems: [items[0]],
    });
    const second = (await vote(b.v, quiz.hash, entry.id, items[1])).json().data;
    expect(second.items[items[0]]).toEqual({ isWinner: true, percentage: 50, count: 1 });
    expect(second.items[items[1]]).toEqual({ isWinner: true, percentage: 50, count: 1 });
    expect(second.total).toBe(2);

    refused(await vote(a.v, quiz.hash, entry.id, items[2]), 409, messages.quizAlreadyVoted);
    const [row] = await t.database.db.select().from(quizVotes).where(eq(quizVotes.userId, a.id));
    expect(row).toMatchObject({
      quizHash: quiz.hash,
      items: [items[0]],
      deviceToken: FINGERPRINT['x-device-fingerprint'],
    });
  });

  it('takes several answers at once in a quiz that allows them, one in a quiz that does not', async () => {
    const many = await quizEntry(4, { multiple: true });
    const reader = await newUser(t.app, 'Читатель');
    const res = await reader.v.post(votePath(many.quiz.hash, many.entry.id), { items: [many.items[0], many.items[2]] });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.userItems).toEqual([many.items[0], many.items[2]]);
    expect(res.json().data.items[many.items[2]]).toEqual({ isWinner: true, percentage: 100, count: 1 });
    // A form sends them comma-joined.
    const other = await newUser(t.app, 'Читатель Форм');
    const form = await other.v.post(
      votePath(many.quiz.hash, many.entry.id),
      { items: `${many.items[1]},${many.items[3]}` },
      { as: 'form' },
    );
    expect(form.json().data.total).toBe(2);

    const single = await quizEntry(3);
    const res2 = await reader.v.post(votePath(single.quiz.hash, single.entry.id), { items: single.items.slice(0, 2) });
    refused(res2, 400, messages.quizSingleAnswer);
    const res3 = await reader.v.post(votePath(single.quiz.hash, single.entry.id), { items: [single.items[1]] });
    expect(res3.json().data.userItems).toEqual([single.items[1]]);
  });

  it('refuses bad input with 4xx and a Russian message, and stores nothing', async () => {
    const { entry, quiz, items } = await quizEntry(3);
    const elsewhere = await quizEntry(2);
    const reader = await newUser(t.app, 'Читатель');
    const cases: [Promise<Awaited<ReturnType<Visitor['get']>>>, number, string?][] = [
      // wrong types and shapes
      [reader.v.post(votePath('не-хэш', entry.id, items[0]), {}), 400, messages.quizHashInvalid],
      [reader.v.post(votePath(quiz.hash, 'abc', items[0]), {}), 400, messages.entryIdInvalid],
      [reader.v.post(votePath(quiz.hash, -5, items[0]), {}), 400, messages.entryIdInvalid],
      [reader.v.post(votePath(quiz.hash, entry.id, 'x'), {}), 400, messages.quizItemInvalid],
      [reader.v.post(votePath(quiz.hash, entry.id, items[0]), { extra: 1 }), 400, messages.unknownField('extra')],
      [reader.v.post(votePath(quiz.hash, entry.id), {}), 400, messages.quizItemsRequired],
      [reader.v.post(votePath(quiz.hash, entry.id), { items: [] }), 400, messages.quizItemsRequired],
      [reader.v.post(votePath(quiz.hash, entry.id), { items: 5 }), 400, messages.quizItemsRequired],
      [reader.v.post(votePath(quiz.hash, entry.id), { items: [{}] }), 400, messages.quizItemInvalid],
      [
        reader.v.post(votePath(quiz.hash, entry.id, items[0]), {}, { headers: { 'x-device-fingerprint': 'короткий' } }),
        400,
        messages.quizDeviceTokenInvalid,
      ],
      // unknown hash, another entry's quiz, an option of another quiz or none
      [reader.v.post(votePath(randomAlphanumerics(12), entry.id, items[0]), {}), 404, messages.quizNotFound],
      [reader.v.post(votePath(elsewhere.quiz.hash, entry.id, elsewhere.items[0]), {}), 404, messages.quizNotFound],
      [reader.v.post(votePath(quiz.hash, entry.id + 1000, items[0]), {}), 404, messages.quizNotFound],
      [reader.v.post(votePath(quiz.hash, entry.id, elsewhere.items[0]), {}), 400, messages.quizItemNotFound],
      [reader.v.post(votePath(quiz.hash, entry.id, randomAlphanumerics(12)), {}), 400, messages.quizItemNotFound],
      // no CSRF marker, no account
      [reader.v.post(votePath(quiz.hash, entry.id, items[0]), {}, { csrf: false }), 403, messages.csrf],
      [new Visitor(t.app).post(votePath(quiz.hash, entry.id, items[0]), {}), 401, messages.authRequired],
    ];
    for (const [call, rc, rm] of cases) refused(await call, rc, rm);
    expect(await t.database.db.select().from(quizVotes).where(eq(quizVotes.userId, reader.id))).toEqual([]);
  });

  it('refuses the banned: site-wide, and in the subsite of the entry', async () => {
    const { author, entry, quiz, items } = await quizEntry(2);
    const banned = await newUser(t.app, 'Заблокированный');
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 3_600_000) })
      .where(eq(users.id, banned.id));
    refused(await vote(banned.v, quiz.hash, entry.id, items[0]), 403, messages.banned);

    const local = await newUser(t.app, 'Забаненный В Блоге');
    await t.database.db.insert(bans).values({ userId: local.id, subsiteId: entry.subsite.id, byId: author.id });
    refused(await vote(local.v, quiz.hash, entry.id, items[0]), 403, messages.bannedInSubsite);
    expect(await t.database.db.select().from(quizVotes).where(eq(quizVotes.quizHash, quiz.hash))).toEqual([]);
  });

  it("refuses a draft's or a removed entry's quiz, and asks Plus in a private subsite", async () => {
    const author = await newUser(t.app, 'Автор Черновика');
    const draft = quizBlock(2);
    const e = await savedEntry(author.v, { title: 'Черновик', entry: [draft], is_published: 0 });
    const reader = await newUser(t.app, 'Читатель');
    refused(await vote(reader.v, draft.data.hash, e.id, draft.data.items[0].hash), 404, messages.quizNotFound);
    refused(await bundle(reader.v, draft.data.hash), 404, messages.quizNotFound);
    // The author sees their draft's quiz.
    expect((await bundle(author.v, draft.data.hash)).json().data[draft.data.hash]).toMatchObject({ total: 0 });

    const { entry, quiz, items } = await quizEntry(2);
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, entry.id));
    refused(await vote(reader.v, quiz.hash, entry.id, items[0]), 404, messages.quizNotFound);

    const club = (
      await t.database.db
        .insert(subsites)
        .values({ type: 'community', slug: `closed-${Date.now()}`, name: 'Закрытый клуб', isPrivate: true })
        .returning()
    )[0];
    const p = await quizEntry(2);
    await t.database.db.update(entries).set({ subsiteId: club.id }).where(eq(entries.id, p.entry.id));
    // An outsider does not see a private community's quiz; a member is asked for Plus.
    refused(await vote(reader.v, p.quiz.hash, p.entry.id, p.items[0]), 403, messages.entryPrivate);
    refused(await bundle(reader.v, p.quiz.hash), 404, messages.quizNotFound);
    await t.database.db.insert(subscriptions).values({ userId: reader.id, subsiteId: club.id });
    refused(await vote(reader.v, p.quiz.hash, p.entry.id, p.items[0]), 402, messages.votePlusRequired);
  });
});

describe("a deleted account's quiz votes", () => {
  it('are taken back when the account is deleted', async () => {
    const { entry, quiz, items } = await quizEntry(2);
    const leaving = await newUser(t.app, 'Уходящий Читатель');
    const staying = await newUser(t.app, 'Остающийся Читатель');
    await vote(leaving.v, quiz.hash, entry.id, items[0]);
    await vote(staying.v, quiz.hash, entry.id, items[1]);
    await requestDeletion(t.database.db, leaving.id, 'anonymize', t.clock.now, t.clock.now);
    await runDeletion(t.app.ctx, leaving.id);
    const after = (await bundle(staying.v, quiz.hash)).json().data[quiz.hash];
    expect(after).toMatchObject({ total: 1, userVoted: true, userItems: [items[1]] });
    expect(after.items[items[0]]).toEqual({ isWinner: false, percentage: 0, count: 0 });
  });
});

describe('GET /quiz/bundleResult and /quiz/randomResults', () => {
  it('answers every asked quiz in one call: the reader’s own vote, unknown hashes null', async () => {
    const one = await quizEntry(2);
    const two = await quizEntry(3, { multiple: true });
    const reader = await newUser(t.app, 'Читатель');
    await vote(reader.v, one.quiz.hash, one.entry.id, one.items[1]);
    const missing = randomAlphanumerics(12);
    const res = await bundle(reader.v, `${one.quiz.hash},${two.quiz.hash},${missing}`);
    expect(res.json().rc, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([one.quiz.hash, two.quiz.hash, missing].sort());
    expect(data[one.quiz.hash]).toMatchObject({ userVoted: true, userItems: [one.items[1]], total: 1 });
    expect(data[one.quiz.hash].items[one.items[1]]).toEqual({ isWinner: true, percentage: 100, count: 1 });
    expect(data[two.quiz.hash]).toMatchObject({ userVoted: false, total: 0, randomVotedUsers: [] });
    expect(data[missing]).toBeNull();
    // Anyone reads results; an anonymous reader never voted.
    const anonymous = (await new Visitor(t.app).get(`/v3.0/quiz/bundleResult?hashes[]=${one.quiz.hash}`)).json();
    expect(anonymous.data[one.quiz.hash]).toMatchObject({ userVoted: false, userItems: [], total: 1 });
  });

  it('refuses bad input with 4xx and a Russian message', async () => {
    const { quiz, items } = await quizEntry(2);
    const v = new Visitor(t.app);
    const many = Array.from({ length: 51 }, () => randomAlphanumerics(12)).join(',');
    refused(await v.get('/v3.0/quiz/bundleResult'), 400, messages.quizHashesInvalid(50));
    refused(await v.get('/v3.0/quiz/bundleResult?hashes='), 400, messages.quizHashesInvalid(50));
    refused(await v.get(`/v3.0/quiz/bundleResult?hashes=${many}`), 400, messages.quizHashesInvalid(50));
    refused(await v.get(`/v3.0/quiz/bundleResult?hashes=${quiz.hash},не-хэш`), 400, messages.quizHashInvalid);
    refused(await v.get(`/v3.0/quiz/bundleResult?hashes[a]=${quiz.hash}`), 400);
    refused(await v.get(`/v3.0/quiz/bundleResult?hashes=${quiz.hash}&extra=1`), 400, messages.unknownField('extra'));
    refused(await v.get(`/v3.0/quiz/bundleResult?hashes=${randomAlphanumerics(12)}`), 404, messages.quizNotFound);
    refused(
      await v.get(`/v3.0/quiz/bundleResult?hashes=${quiz.hash}`, {
        headers: { 'x-device-fingerprint': 'x'.repeat(41) },
      }),
      400,
      messages.quizDeviceTokenInvalid,
    );
    refused(await v.get(`/v3.0/quiz/randomResults/${quiz.hash}/не-хэш`), 400, messages.quizItemInvalid);
    refused(await v.get(`/v3.0/quiz/randomResults/короткий/${items[0]}`), 400, messages.quizHashInvalid);
    refused(await v.get(`/v3.0/quiz/randomResults/${randomAlphanumerics(12)}/${items[0]}`), 404, messages.quizNotFound);
    refused(
      await v.get(`/v3.0/quiz/randomResults/${quiz.hash}/${randomAlphanumerics(12)}`),
      404,
      messages.quizItemNotFound,
    );
  });

  it('randomResults: up to three voters of the option', async () => {
    const { entry, quiz, items } = await quizEntry(2);
    const voters = [];
    for (let i = 0; i < 4; i++) {
      const u = await newUser(t.app, `Голосующий ${i}`);
      await vote(u.v, quiz.hash, entry.id, items[0]);
      voters.push(u.id);
    }
    const res = await new Visitor(t.app).get(`/v3.0/quiz/randomResults/${quiz.hash}/${items[0]}`);
    const list = res.json().data as Json[];
    expect(list).toHaveLength(3);
    for (const u of list) {
      expect(voters).toContain(u.id);
      expect(u).toEqual({
        id: u.id,
        name: expect.any(String),
        url: expect.any(String),
        avatar_url: null,
        avatar_color: expect.any(String),
      });
    }
    expect((await new Visitor(t.app).get(`/v3.0/quiz/randomResults/${quiz.hash}/${items[1]}`)).json().data).toEqual([]);
  });
});
