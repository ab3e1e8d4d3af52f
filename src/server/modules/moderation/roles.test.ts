import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entryReviews, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { createUser } from '../users/service.ts';

/**
 * The role matrix of docs/modules/moderation.md ('Roles and permissions'), walked against the API: every role × every
 * moderation action and the writes a ban stops. Each call gets fresh targets, so one answer never depends on another.
 */
const { t, staff } = useTestApp();

const ROLES = ['anonymous', 'user', 'banned', 'owner', 'submoderator', 'moderator', 'admin', 'superuser'] as const;
type RoleName = (typeof ROLES)[number];
type Ctx = { sid: number; entryId: number; author: Visitor };

async function person(role: 'user' | 'moderator' | 'admin' | 'superuser' = 'user') {
  const u = await newUser(t.app, 'Участник Проверки');
  if (role !== 'user') await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return u;
}
let targets = 0;
/** A target account straight in the database (nobody signs in as it), so the walk pays no password hashing. */
async function target(role: 'user' | 'moderator' | 'admin' = 'user') {
  targets += 1;
  const id = await createUser(t.app.ctx, {
    name: 'Цель Проверки',
    slug: `cel-${targets}`,
    email: `target-${targets}@example.ru`,
    passwordHash: 'unused',
    role,
  });
  return { id };
}
const freshEntry = async (c: Ctx) =>
  (await savedEntry(c.author, { title: 'Ещё одна', entry: [text('т')], is_published: 1 })).id as number;
let commenter: Awaited<ReturnType<typeof person>> | undefined;
const commentOf = async (entryId: number) => {
  const a = (commenter ??= await person());
  return (await a.v.post('/v3.0/comment/add', { id: entryId, text: 'Комментарий' })).json().data.id as number;
};

let communities = 0;
/** An entry of the author waiting in the community's approval queue. */
const waiting = async (c: Ctx) => {
  const e = await savedEntry(c.author, {
    title: 'На проверку',
    entry: [text('т')],
    is_published: 0,
    subsite_id: c.sid,
  });
  await t.database.db.insert(entryReviews).values({ entryId: e.id, subsiteId: c.sid, reason: 'approval' });
  return e.id as number;
};

/** action → how it is called → the expected rc per role (in ROLES order). */
const MATRIX: [string, (v: Visitor, c: Ctx) => Promise<{ statusCode: number }>, number[]][] = [
  // anon, user, banned, the community's owner, the community's moderator, site moderator, admin, superuser
  [
    'ban site-wide for days',
    async (v) => v.post(`/v3.0/admin/users/${(await target()).id}/ban`, { reason_text: 'Спам', days: 1 }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'ban for good',
    async (v) => v.post(`/v3.0/admin/users/${(await target()).id}/ban`, { reason_text: 'Спам', days: 0 }),
    [401, 403, 403, 403, 403, 403, 403, 200],
  ],
  [
    'ban a moderator',
    async (v) => v.post(`/v3.0/admin/users/${(await target('moderator')).id}/ban`, { reason_text: 'Спам', days: 1 }),
    [401, 403, 403, 403, 403, 403, 200, 200],
  ],
  [
    'ban an admin',
    async (v) => v.post(`/v3.0/admin/users/${(await target('admin')).id}/ban`, { reason_text: 'Спам', days: 1 }),
    [401, 403, 403, 403, 403, 403, 403, 200],
  ],
  [
    'ban in a subsite',
    async (v, c) =>
      v.post(`/v3.0/admin/users/${(await target()).id}/ban`, { reason_text: 'Оффтоп', days: 1, subsite_id: c.sid }),
    [401, 403, 403, 200, 403, 200, 200, 200],
  ],
  [
    'ban with remove all data',
    async (v, c) =>
      v.post(`/v3.0/admin/users/${(await target()).id}/ban`, {
        reason_text: 'Спам',
        days: 1,
        subsite_id: c.sid,
        remove_all_data: 1,
      }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'unban site-wide',
    async (v) => {
      const p = await target();
      await staff.post(`/v3.0/admin/users/${p.id}/ban`, { reason_text: 'Спам', days: 1 });
      return v.post(`/v3.0/admin/users/${p.id}/unban`, {});
    },
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'unban in a subsite',
    async (v, c) => {
      const p = await target();
      await staff.post(`/v3.0/admin/users/${p.id}/ban`, { reason_text: 'Спам', days: 1, subsite_id: c.sid });
      return v.post(`/v3.0/admin/users/${p.id}/unban`, { subsite_id: c.sid });
    },
    [401, 403, 403, 200, 403, 200, 200, 200],
  ],
  [
    'bans history',
    async (v) => v.get(`/v3.0/admin/users/${(await target()).id}/bans`),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'user card',
    async (v) => v.get(`/v3.0/admin/users/${(await target()).id}`),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  ['user search', async (v) => v.get('/v3.0/admin/users?query=a'), [401, 403, 403, 403, 403, 200, 200, 200]],
  ['bans list', async (v) => v.get('/v3.0/admin/bans'), [401, 403, 403, 403, 403, 200, 200, 200]],
  ['audit log', async (v) => v.get('/v3.0/admin/audit'), [401, 403, 403, 403, 403, 200, 200, 200]],
  [
    "remove another's comment",
    async (v, c) => v.post('/v3.0/admin/comments/remove', { id: await commentOf(c.entryId) }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'system message',
    async (v) => v.post('/v3.0/admin/notifications/system', { user_id: (await target()).id, text: 'Привет' }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'unpublish an entry',
    async (v, c) => v.post(`/v3.0/content/unpublish/${await freshEntry(c)}`, { reason_text: 'Правила' }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'hide an entry from the main page',
    async (v, c) => v.post(`/v3.0/content/unforce/${await freshEntry(c)}`, {}),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'mark 18+',
    async (v, c) => v.post(`/v3.0/content/nsfw/${await freshEntry(c)}`, {}),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    "mute an entry in one's feed",
    async (v, c) => v.post(`/v3.0/content/mute/${c.entryId}`, {}),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    // The entry is in the community the owner manages; a reader's top-level comment.
    'pin a comment',
    async (v, c) => {
      const e = await savedEntry(c.author, {
        title: 'В сообществе',
        entry: [text('т')],
        is_published: 1,
        subsite_id: c.sid,
      });
      return v.post('/v3.0/admin/comments/pin', { id: await commentOf(e.id), state: 1 });
    },
    [401, 403, 403, 200, 403, 200, 200, 200],
  ],
  [
    // A fresh entry each time, so nobody has complained about it yet (one complaint per reader per target).
    'complain about an entry',
    async (v, c) => v.post('/v3.0/contents/complain', { content_id: await freshEntry(c), reason: 'spam' }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'complain about a comment',
    async (v, c) => v.post('/v3.0/comments/complain', { id: await commentOf(c.entryId), reason: 'insult' }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'complain about a subsite',
    async (v) => v.post('/v3.0/subsite/complain', { subsite_id: (await target()).id, reason: 'other', text: 'Фейк' }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'report a misprint',
    async (v, c) => v.post('/v3.0/misprint', { content_id: c.entryId, fragment: 'Текст' }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    "read an entry's misprints (not its author)",
    async (v, c) => v.get(`/v3.0/content/misprints/${c.entryId}`),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'queues: complaints, misprints, held spam',
    async (v) => {
      const rcs = [
        (await v.get('/v3.0/admin/complaints')).statusCode,
        (await v.get('/v3.0/admin/misprints')).statusCode,
        (await v.get('/v3.0/admin/reviews')).statusCode,
      ];
      return { statusCode: rcs.every((r) => r === rcs[0]) ? rcs[0] : 500 };
    },
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'resolve a complaint',
    async (v, c) => {
      const by = (commenter ??= await person());
      const sent = await by.v.post('/v3.0/contents/complain', { content_id: await freshEntry(c), reason: 'spam' });
      return v.post(`/v3.0/admin/complaints/${sent.json().data.id}/resolve`, { resolution: 'rejected' });
    },
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'pin an entry to the main feed',
    async (v, c) => v.post('/v3.0/admin/content/pin', { content_id: await freshEntry(c), subsite_id: 0 }),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    "pin an entry to a subsite's feed",
    async (v, c) => {
      const e = await savedEntry(c.author, {
        title: 'В ленту',
        entry: [text('т')],
        is_published: 1,
        subsite_id: c.sid,
      });
      return v.post('/v3.0/admin/content/pin', { content_id: e.id, subsite_id: c.sid });
    },
    [401, 403, 403, 200, 403, 200, 200, 200],
  ],
  [
    "close an entry's editing",
    async (v, c) => v.post(`/v3.0/admin/content/close_editing/${await freshEntry(c)}`, {}),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    'give a person a role in a subsite',
    async (v, c) => v.post(`/v3.0/subsite/members/${c.sid}`, { user_id: (await target()).id, role: 'author' }),
    [401, 403, 403, 200, 403, 403, 200, 200],
  ],
  [
    'set who may post in a community and its approval queue (community settings)',
    async (v, c) => v.post(`/v3.0/subsite/save_settings/${c.sid}`, { posting: 'everyone', is_moderated: 0 }),
    [401, 403, 403, 200, 403, 200, 200, 200],
  ],
  [
    "change a community's name, description and rules (its other settings)",
    async (v, c) => v.post(`/v3.0/subsite/save_settings/${c.sid}`, { name: 'Матрица', description: 'О матрице' }),
    [401, 403, 403, 200, 403, 403, 200, 200],
  ],
  [
    // A community of authors only that nobody here belongs to.
    'post in a community open to its authors only (no role there)',
    async (v) => {
      const [s] = await t.database.db
        .insert(subsites)
        .values({ type: 'community', slug: `avtory-${++communities}`, name: 'Для авторов', posting: 'authors' })
        .returning({ id: subsites.id });
      return v.post('/v3.0/writing/save', { title: 'Пробую', entry: [text('т')], is_published: 1, subsite_id: s.id });
    },
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    "see a community's approval queue",
    async (v, c) => v.get(`/v3.0/subsite/reviews/${c.sid}`),
    [401, 403, 403, 200, 200, 200, 200, 200],
  ],
  [
    'approve an entry waiting in a community',
    async (v, c) => v.post(`/v3.0/admin/reviews/${await waiting(c)}/approve`, {}),
    [401, 403, 403, 200, 200, 200, 200, 200],
  ],
  [
    'reject an entry waiting in a community, with a reason',
    async (v, c) => v.post(`/v3.0/admin/reviews/${await waiting(c)}/reject`, { reason_text: 'Не по теме' }),
    [401, 403, 403, 200, 200, 200, 200, 200],
  ],
  [
    "every community's entries awaiting approval (/admin queues)",
    async (v) => v.get('/v3.0/admin/reviews?reason=approval'),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  [
    "see an entry's statistics (not its author)",
    async (v, c) => v.get(`/v3.0/content/stats/${c.entryId}`),
    [401, 403, 403, 403, 403, 200, 200, 200],
  ],
  ['see one’s blocklist', async (v) => v.get('/v3.0/blocklist'), [401, 200, 200, 200, 200, 200, 200, 200]],
  [
    'blocklist a person',
    async (v) => v.post(`/v3.0/mute/subsite/${(await target()).id}`, {}),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'comment',
    async (v, c) => v.post('/v3.0/comment/add', { id: c.entryId, text: 'Мнение' }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'vote',
    async (v, c) => v.post('/v3.0/like', { id: c.entryId, type: 'content', sign: 1 }),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
  [
    'subscribe',
    async (v, c) => v.post(`/v3.0/subscribe/to/subsite/${c.sid}`, {}),
    [401, 200, 403, 200, 200, 200, 200, 200],
  ],
];

describe('role matrix', () => {
  it('every role × every action answers as docs/modules/moderation.md says', { timeout: 180_000 }, async () => {
    const owner = await person();
    const [s] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: 'matrica', name: 'Матрица' })
      .returning({ id: subsites.id });
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: owner.id, role: 'owner' });
    const submoderator = await person();
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: submoderator.id, role: 'moderator' });
    const author = await person();
    const entry = await savedEntry(author.v, { title: 'Запись', entry: [text('Текст')], is_published: 1 });
    const banned = await person();
    await staff.post(`/v3.0/admin/users/${banned.id}/ban`, { reason_text: 'Для матрицы', days: 10 });

    const visitors: Record<RoleName, Visitor> = {
      anonymous: new Visitor(t.app),
      user: (await person()).v,
      banned: banned.v,
      owner: owner.v,
      submoderator: submoderator.v,
      moderator: (await person('moderator')).v,
      admin: (await person('admin')).v,
      superuser: (await person('superuser')).v,
    };
    const got: string[] = [];
    const want: string[] = [];
    for (const [action, call, expected] of MATRIX) {
      for (const [i, role] of ROLES.entries()) {
        const res = await call(visitors[role], { sid: s.id, entryId: entry.id, author: author.v });
        got.push(`${action} / ${role}: ${res.statusCode}`);
        want.push(`${action} / ${role}: ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});
