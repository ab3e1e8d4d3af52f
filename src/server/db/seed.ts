import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './index.ts';
import {
  comments,
  companyDetails,
  entries,
  entryHashtags as entryHashtagsTable,
  likes,
  meta,
  subscriptions,
  subsiteRoles,
  subsites,
} from './schema.ts';
import {
  seedComments,
  seedCommunities,
  seedEntries,
  seedQuizVotes,
  seedReposts,
  seedUsers,
  seedVotes,
  type SeedEntry,
  type SeedVote,
} from './seed-data.ts';
import type { Block } from '../../shared/blocks.ts';
import { entryHashtags } from '../modules/hashtags/service.ts';
import { slugify } from '../../shared/slug.ts';
import { hashPassword } from '../modules/auth/service.ts';
import { insertUser } from '../modules/users/queries.ts';
import { recountTargets } from '../modules/votes/queries.ts';
import { recountRatings } from '../modules/users/write-queries.ts';
import { refreshHotness } from '../modules/feed/ranking.ts';
import { insert as insertRepost } from '../modules/reposts/queries.ts';
import { insertVote as insertQuizVote, replaceQuizzes } from '../modules/quiz/queries.ts';
import { quizValuesOf } from '../modules/quiz/service.ts';

const SEEDED_KEY = 'seeded_at';

/** An entry's blocks with its tags as the last paragraph, as an author would type them. */
const withTags = (e: SeedEntry): Block[] =>
  e.tags?.length ? [...e.blocks, { type: 'text', data: { text: e.tags.map((t) => `#${t}`).join(' ') } }] : e.blocks;

/** The id an earlier step gave a seed key: a key nothing defined is a mistake in seed-data.ts. */
function idOf(ids: ReadonlyMap<string, number>, key: string, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed-data.ts: no ${what} "${key}"`);
  return id;
}

/** What a demo vote is for: an entry or a comment, by key. */
function voteTarget(v: SeedVote, entryIds: ReadonlyMap<string, number>, commentIds: ReadonlyMap<string, number>) {
  if (v.entry) return { targetType: 'content' as const, targetId: idOf(entryIds, v.entry, 'entry') };
  if (v.comment) return { targetType: 'comment' as const, targetId: idOf(commentIds, v.comment, 'comment') };
  throw new Error(`seed-data.ts: a vote of "${v.user}" names neither an entry nor a comment`);
}

/**
 * Demo content for a fresh site, once: the `seeded_at` mark keeps a restart (or a second node)
 * from seeding again, even after everything was deleted. Demo users get random passwords.
 */
export async function seedIfEmpty(db: Db, log: FastifyBaseLogger, now = new Date()): Promise<boolean> {
  const claimed = await db
    .insert(meta)
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;
  try {
    await seed(db, now);
  } catch (err) {
    await db.delete(meta).where(eq(meta.key, SEEDED_KEY));
    throw err;
  }
  log.info({ entries: seedEntries.length, comments: seedComments.length }, 'demo content seeded');
  return true;
}

async function seed(db: Db, now: Date) {
  const hour = 3600_000;
  const userIds = new Map<string, number>();
  const passwordHash = await hashPassword(crypto.randomBytes(24).toString('hex'));
  for (const u of seedUsers) {
    const id = await insertUser(db, {
      name: u.name,
      slug: slugify(u.name, 40),
      email: u.email,
      passwordHash,
      role: 'user',
      description: u.description,
      avatarColor: u.color,
      createdAt: new Date(now.getTime() - 60 * 24 * hour),
    });
    userIds.set(u.key, id);
  }

  const communityIds = new Map<string, number>();
  const founder = idOf(userIds, seedUsers[0].key, 'user');
  for (const c of seedCommunities) {
    const [row] = await db
      .insert(subsites)
      .values({
        type: c.company ? 'company' : 'community',
        slug: c.slug,
        name: c.name,
        description: c.description,
        avatarColor: c.color,
      })
      .returning({ id: subsites.id });
    communityIds.set(c.slug, row.id);
    if (c.company) await db.insert(companyDetails).values({ subsiteId: row.id, ...c.company });
    await db.insert(subsiteRoles).values({ subsiteId: row.id, userId: founder, role: 'admin' });
  }

  // Every demo user reads most communities; counters are folded once at the end.
  const subs: { userId: number; subsiteId: number }[] = [];
  [...userIds.values()].forEach((userId, i) => {
    [...communityIds.values()].forEach((subsiteId, j) => {
      if ((i + j) % 4 !== 3) subs.push({ userId, subsiteId });
    });
  });
  await db.insert(subscriptions).values(subs);

  const entryIds = new Map<string, number>();
  const publishedAt = new Map<string, Date>();
  const ordered = [...seedEntries].sort((a, b) => b.hoursAgo - a.hoursAgo);
  for (const e of ordered) {
    const authorId = idOf(userIds, e.author, 'user');
    const subsiteId = e.community ? idOf(communityIds, e.community, 'community') : authorId;
    const at = new Date(now.getTime() - e.hoursAgo * hour);
    const [row] = await db
      .insert(entries)
      .values({
        subsiteId,
        authorId,
        title: e.title,
        slug: slugify(e.title, 60),
        blocks: withTags(e),
        isPublished: true,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: entries.id });
    entryIds.set(e.key, row.id);
    const tags = entryHashtags(withTags(e));
    if (tags.length) await db.insert(entryHashtagsTable).values(tags.map((tag) => ({ entryId: row.id, tag })));
    await replaceQuizzes(db, row.id, quizValuesOf(e.blocks));
    publishedAt.set(e.key, at);
  }

  const commentIds = new Map<string, number>();
  const byTime = [...seedComments].sort((a, b) => a.minutesAfter - b.minutesAfter);
  for (const c of byTime) {
    const published = publishedAt.get(c.entry);
    if (!published) throw new Error(`seed-data.ts: no entry "${c.entry}"`);
    const at = new Date(published.getTime() + c.minutesAfter * 60_000);
    const [row] = await db
      .insert(comments)
      .values({
        entryId: idOf(entryIds, c.entry, 'entry'),
        authorId: idOf(userIds, c.author, 'user'),
        asSubsiteId: c.asCommunity ? idOf(communityIds, c.asCommunity, 'community') : null,
        text: c.text,
        replyTo: c.replyTo ? idOf(commentIds, c.replyTo, 'comment') : null,
        createdAt: at > now ? now : at,
      })
      .returning({ id: comments.id });
    commentIds.set(c.key, row.id);
  }

  const voteRows = seedVotes.map((v) => ({
    userId: idOf(userIds, v.user, 'user'),
    ...voteTarget(v, entryIds, commentIds),
    sign: v.sign,
  }));
  if (voteRows.length) await db.insert(likes).values(voteRows);
  for (const v of seedQuizVotes)
    await insertQuizVote(db, {
      quizHash: v.quiz,
      userId: idOf(userIds, v.user, 'user'),
      items: v.items,
      deviceToken: null,
    });

  for (const r of seedReposts) {
    await insertRepost(db, {
      entryId: idOf(entryIds, r.entry, 'entry'),
      subsiteId: idOf(userIds, r.user, 'user'),
      userId: idOf(userIds, r.user, 'user'),
      comment: r.comment,
      now: new Date(now.getTime() - hour),
    });
  }

  // Counters from the rows just written.
  await db.execute(
    sql`update subsites s set subscribers_count = (select count(*) from subscriptions x where x.subsite_id = s.id)`,
  );
  await db.execute(
    sql`update entries e set comments_count = (select count(*) from comments c where c.entry_id = e.id and not c.removed),
                             reposts_count = (select count(*) from reposts r where r.entry_id = e.id)`,
  );
  await recountTargets(db, 'content', [...entryIds.values()]);
  await recountTargets(db, 'comment', [...commentIds.values()]);
  await recountRatings(db, [...userIds.values()]);
  // The popular feed orders by the stored score, so it is computed once the counters are in place.
  await refreshHotness(db, null);
}
