import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
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
import { randomOf } from './seed-pictures.ts';
import { eachFew, seedCommunityPictures, seedPortraits, withMedia } from './seed-media.ts';
import { seedBoard, seedEvents, seedVacancies } from './seed-board.ts';

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
export async function seedIfEmpty(ctx: Ctx, now = new Date()): Promise<boolean> {
  const { db, log } = ctx;
  const started = Date.now();
  const claimed = await db
    .insert(meta)
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;
  try {
    await seed(ctx, now);
  } catch (err) {
    await db.delete(meta).where(eq(meta.key, SEEDED_KEY));
    throw err;
  }
  log.info(
    {
      entries: seedEntries.length,
      comments: seedComments.length,
      vacancies: seedVacancies.length,
      events: seedEvents.length,
      ms: Date.now() - started,
    },
    'demo content seeded',
  );
  return true;
}

/**
 * When an entry came out: its `hoursAgo`, moved by up to four hours either way once it is older than a day, so older
 * entries are not all dated at the same minute of the clock.
 */
function publishedAtOf(e: SeedEntry, now: Date): Date {
  const hour = 3600_000;
  const shift = e.hoursAgo > 24 ? (randomOf(`time:${e.key}`)() - 0.5) * 8 * hour : 0;
  return new Date(now.getTime() - e.hoursAgo * hour + Math.round(shift / 60_000) * 60_000);
}

/**
 * Views that agree with the rest: a read for every few votes and comments, more for older entries (they were read
 * longer), never fewer than the votes and comments themselves.
 */
function viewsOf(key: string, votes: number, comments: number, reposts: number, hoursAgo: number): number {
  const r = randomOf(`views:${key}`);
  const base = 60 + Math.max(0, votes) * 22 + comments * 11 + reposts * 30;
  const age = Math.min(1, 0.3 + hoursAgo / 72);
  return Math.max(votes + comments, Math.round(base * age * (0.75 + r() * 0.7)));
}

/** How many of the demo users read each community: different for each, as on a living site. */
const READERS_OF = [8, 6, 7, 5, 4, 3];
/** The members of a private community (subscribed), besides its team. */
const PRIVATE_READERS = 4;

async function seed(ctx: Ctx, now: Date) {
  const { db } = ctx;
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
        isPrivate: c.isPrivate ?? false,
        plusJoin: c.plusJoin ?? false,
      })
      .returning({ id: subsites.id });
    communityIds.set(c.slug, row.id);
    if (c.company) await db.insert(companyDetails).values({ subsiteId: row.id, ...c.company });
    await db.insert(subsiteRoles).values({ subsiteId: row.id, userId: founder, role: 'admin' });
  }

  await seedPortraits(ctx, seedUsers, userIds);
  await seedCommunityPictures(ctx, seedCommunities, communityIds, founder);

  // Each community has its own share of the demo users as readers; counters are folded once at the end.
  const subs: { userId: number; subsiteId: number }[] = [];
  const readers = [...userIds.values()];
  // A private community has a few members: the rest of the demo users are outside it.
  seedCommunities.forEach((c, j) => {
    const subsiteId = idOf(communityIds, c.slug, 'community');
    const count = c.isPrivate ? PRIVATE_READERS : READERS_OF[j % READERS_OF.length];
    for (let k = 0; k < count; k++) subs.push({ userId: readers[(j + k) % readers.length], subsiteId });
  });
  await db.insert(subscriptions).values(subs);
  await seedBoard(ctx, now, { subsites: communityIds, users: userIds, founder });

  const entryIds = new Map<string, number>();
  const publishedAt = new Map<string, Date>();
  // The pictures are drawn a few entries at a time (sharp works on its own threads), then the entries go in in order.
  const blocksOf = new Map<string, Block[]>();
  await eachFew(seedEntries, async (e, i) => {
    blocksOf.set(e.key, await withMedia(ctx, e, i, idOf(userIds, e.author, 'user'), withTags(e)));
  });
  const ordered = [...seedEntries].sort((a, b) => b.hoursAgo - a.hoursAgo);
  for (const e of ordered) {
    const authorId = idOf(userIds, e.author, 'user');
    const subsiteId = e.community ? idOf(communityIds, e.community, 'community') : authorId;
    const at = publishedAtOf(e, now);
    const blocks = blocksOf.get(e.key) ?? withTags(e);
    const [row] = await db
      .insert(entries)
      .values({
        subsiteId,
        authorId,
        title: e.title,
        slug: slugify(e.title, 60),
        blocks,
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
  const counted = await db
    .select({
      id: entries.id,
      votes: entries.likesSumm,
      comments: entries.commentsCount,
      reposts: entries.repostsCount,
    })
    .from(entries)
    .where(inArray(entries.id, [...entryIds.values()]));
  const entryOf = new Map(seedEntries.map((e) => [entryIds.get(e.key), e]));
  for (const c of counted) {
    const e = entryOf.get(c.id);
    if (!e) continue;
    await db
      .update(entries)
      .set({ hitsCount: viewsOf(e.key, c.votes, c.comments, c.reposts, e.hoursAgo) })
      .where(eq(entries.id, c.id));
  }
  await recountTargets(db, 'comment', [...commentIds.values()]);
  await recountRatings(db, [...userIds.values()]);
  // The popular feed orders by the stored score, so it is computed once the counters are in place.
  await refreshHotness(db, null);
}
