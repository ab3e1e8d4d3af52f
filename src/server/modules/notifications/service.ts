import { messages } from '../../../shared/catalogue.ts';
import { formatUntil, truncate } from '../../../shared/format.ts';
import { genderOf, guessGender, type Gender } from '../../../shared/gender.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationItem,
  type NotificationSettings,
  type NotificationType,
  type NotificationsPage,
  type SettingsData,
} from '../../../shared/notifications.ts';
import type { Ctx } from '../../context.ts';
import type { DomainEventMap } from '../../events.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { notFound } from '../../lib/errors.ts';
import * as q from './queries.ts';
import { settings as userSettings } from '../users/index.ts';

/** How many words of a comment a notification quotes. */
const QUOTE_MAX = 200;
/** How many people one comment may notify by `@name`. */
export const MENTIONS_MAX = 5;
export const PAGE_SIZE = 20;
export { SYSTEM_TEXT_MAX } from '../../../shared/notifications.ts';

// ——— Settings ———

/** The reader's channels per type: what they stored over the defaults. */
export async function channelsOf(ctx: Ctx, userId: number): Promise<NotificationSettings> {
  const saved = await userSettings.notifications.read(ctx.db, userId);
  const result = {} as NotificationSettings;
  for (const type of NOTIFICATION_TYPES) result[type] = { ...DEFAULT_NOTIFICATION_SETTINGS[type], ...saved[type] };
  return result;
}

export async function settings(ctx: Ctx, userId: number): Promise<SettingsData> {
  const row = await q.person(ctx.db, userId);
  if (!row) throw notFound(messages.notificationUserNotFound);
  const sub = await q.emailSubscriptionByEmail(ctx.db, row.email.toLowerCase());
  const asked = Boolean(sub?.digest && !sub.unsubscribed_at);
  return {
    notifications: await channelsOf(ctx, userId),
    email: row.email,
    digest: asked && Boolean(sub?.confirmed_at),
    digest_pending: asked && !sub?.confirmed_at,
    gender: (await userSettings.profile.read(ctx.db, userId)).gender ?? null,
    guessed_gender: guessGender(row.name),
  };
}

/** How notifications about this person speak of them ('оценил' / 'оценила'); null: read from the name. */
export async function saveGender(ctx: Ctx, userId: number, gender: Gender | null) {
  if (gender === null) await userSettings.profile.remove(ctx.db, userId, ['gender']);
  else await userSettings.profile.merge(ctx.db, userId, { gender });
  return settings(ctx, userId);
}

export async function saveSetting(
  ctx: Ctx,
  userId: number,
  type: NotificationType,
  channel: NotificationChannel,
  enabled: boolean,
) {
  await userSettings.notifications.mergeEach(ctx.db, userId, [type], { [channel]: enabled });
  return settings(ctx, userId);
}

// ——— Creating ———

export interface NotifyInput {
  userId: number;
  type: NotificationType;
  /** Who caused it; null for the site itself (system, moderation). */
  actorId: number | null;
  /** Rows with one key group while unread ('vote_entry:12'); null: a row of its own. */
  groupKey?: string | null;
  entryId?: number | null;
  commentId?: number | null;
  data?: q.NewNotification['data'];
}

/**
 * The one door for every notification. Nobody is told of their own action; an author the reader muted (their blog)
 * or a banned one does not reach them; a type switched off on the site is not stored. Then the bell (event), push and
 * mail (jobs) follow. The id, or null when nothing was stored.
 */
export async function notify(ctx: Ctx, input: NotifyInput): Promise<number | null> {
  if (input.actorId !== null && input.actorId === input.userId) return null;
  // The row, its count and its push and letter jobs commit together: no job for a row that is not there.
  return transaction(ctx, (ctx) => store(ctx, input));
}

async function store(ctx: Ctx, input: NotifyInput): Promise<number | null> {
  const person = await q.recipient(ctx.db, input.userId, input.actorId, ctx.now());
  if (!person || person.actor_muted || person.actor_banned) return null;
  const wanted = (await channelsOf(ctx, input.userId))[input.type];
  if (!wanted.site && !wanted.email) return null;
  const { id, created } = await q.upsertNotification(ctx.db, {
    userId: input.userId,
    type: input.type,
    actorId: input.actorId,
    groupKey: input.groupKey ?? null,
    entryId: input.entryId ?? null,
    commentId: input.commentId ?? null,
    data: input.data ?? {},
    now: ctx.now(),
    mailOnly: !wanted.site,
  });
  if (wanted.site) {
    ctx.events.emit('notification.changed', {
      userId: input.userId,
      notificationId: id,
      unreadCount: await q.unreadCount(ctx.db, input.userId),
    });
    // A growing group is pushed once per wave: a push waiting for this row takes the newer text when it runs.
    await enqueue(ctx, 'push.notification', { notificationId: id }, { dedupeKey: `push:${id}` });
  }
  // A letter per new row only: a vote group does not mail again for every vote.
  if (wanted.email && created)
    await enqueue(ctx, 'mail.notification', { notificationId: id }, { dedupeKey: `mail:${id}` });
  return id;
}

/** `@name` tokens of a comment: letters, digits, '_', '-', '.', lower-cased, each once. */
export function mentionTokens(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[^\p{L}\p{N}_@])@([\p{L}\p{N}_.-]{2,50})/gu)) {
    found.add(m[1].replace(/[.-]+$/, '').toLowerCase());
    if (found.size >= MENTIONS_MAX * 2) break;
  }
  return [...found].filter(Boolean);
}

/**
 * A new comment: 'reply' to the parent's author, 'comment' to the entry's author, 'mention' to those named. A comment
 * written as a subsite comes from the subsite; its writer is not told of their own comment either way.
 */
export async function onCommentCreated(ctx: Ctx, p: DomainEventMap['comment.created']) {
  const entry = await q.entryInfo(ctx.db, p.entryId);
  if (!entry) return;
  const actorId = p.asSubsiteId ?? p.authorId;
  const quote = truncate(p.text, QUOTE_MAX);
  const told = new Set<number>([p.authorId]);
  if (p.replyTo !== null) {
    const parent = await q.commentInfo(ctx.db, p.replyTo);
    if (parent && !told.has(parent.author_id)) {
      told.add(parent.author_id);
      await notify(ctx, {
        userId: parent.author_id,
        type: 'reply',
        actorId,
        entryId: p.entryId,
        commentId: p.commentId,
        data: { quote },
      });
    }
  }
  if (!told.has(entry.author_id)) {
    told.add(entry.author_id);
    await notify(ctx, {
      userId: entry.author_id,
      type: 'comment',
      actorId,
      entryId: p.entryId,
      commentId: p.commentId,
      data: { quote },
    });
  }
  const named = (await q.usersByMention(ctx.db, mentionTokens(p.text)))
    .filter((id) => !told.has(id))
    .slice(0, MENTIONS_MAX);
  for (const userId of named) {
    await notify(ctx, {
      userId,
      type: 'mention',
      actorId,
      entryId: p.entryId,
      commentId: p.commentId,
      data: { quote },
    });
  }
}

/** An upvote tells the target's author, grouped per target while unread; other votes tell nobody. */
export async function onVoteChanged(ctx: Ctx, p: DomainEventMap['vote.changed']) {
  if (p.sign !== 1) return;
  const isEntry = p.type === 'content';
  await notify(ctx, {
    userId: p.ownerId,
    type: isEntry ? 'vote_entry' : 'vote_comment',
    actorId: p.voterId,
    groupKey: isEntry ? `vote_entry:${p.targetId}` : `vote_comment:${p.targetId}`,
    entryId: p.entryId,
    commentId: isEntry ? null : p.targetId,
  });
}

/** A new subscriber tells the subsite's owners, grouped per subsite while unread. */
export async function onSubscriptionChanged(ctx: Ctx, p: DomainEventMap['subscription.changed']) {
  if (!p.subscribed) return;
  for (const owner of await q.subsiteOwners(ctx.db, p.subsiteId)) {
    await notify(ctx, {
      userId: owner,
      type: 'subscriber',
      actorId: p.userId,
      groupKey: `subscriber:${p.subsiteId}`,
      data: { subsiteId: p.subsiteId },
    });
  }
}

/** A repost tells the original's author, one row per repost. */
export async function onReposted(ctx: Ctx, p: DomainEventMap['repost.created']) {
  await notify(ctx, { userId: p.authorId, type: 'repost', actorId: p.userId, entryId: p.entryId });
}

/** For moderation: the author learns their entry was taken off. */
export async function notifyUnpublished(ctx: Ctx, entryId: number, reason = '') {
  const entry = await q.entryInfo(ctx.db, entryId);
  if (!entry) return null;
  return notify(ctx, { userId: entry.author_id, type: 'unpublished', actorId: null, entryId, data: { reason } });
}

/** For moderation: the user learns of their ban (until an ISO date, or for good). */
export async function notifyBan(ctx: Ctx, userId: number, until: string | null, reason = '') {
  return notify(ctx, { userId, type: 'ban', actorId: null, data: { until, reason } });
}

/** A message from the site to one person (the `notify.system` job); null when the account is gone by then. */
export async function notifySystem(ctx: Ctx, userId: number, text: string) {
  if (!(await q.person(ctx.db, userId))) return null;
  return notify(ctx, { userId, type: 'system', actorId: null, data: { text } });
}

/** A message from the site's staff to one person, written at once. */
export async function sendSystem(ctx: Ctx, userId: number, text: string) {
  const id = await notifySystem(ctx, userId, text);
  if (id === null) throw notFound(messages.notificationUserNotFound);
  return { id };
}

// ——— Reading ———

/** What a row says, in Russian, with its link; names are read now, so a renamed person shows the new name. */
export function render(
  row: q.NotificationRow,
  actors: Map<number, q.ActorRow>,
  publicUrl = '',
): Omit<NotificationItem, 'id' | 'is_read' | 'date' | 'comment_id'> {
  const people = row.actor_ids.map((id) => actors.get(id)).filter((a): a is q.ActorRow => Boolean(a));
  const first = people[0]?.name ?? messages.notifySomeone;
  const g = genderOf(first, people[0]?.gender);
  const more = Math.max(0, row.actors_count - 1);
  const title = row.entry_title ?? '';
  const data = row.data;
  const entryLink = row.entry_id ? `/${row.entry_id}` : '/';
  const commentLink = row.comment_id && row.entry_id ? `/${row.entry_id}?comment=${row.comment_id}` : entryLink;
  const actorLink = people[0] ? subsiteUrl(people[0]) : '/';
  let text: string;
  let url: string;
  let quote = data.quote ?? '';
  switch (row.type) {
    case 'reply':
      text = messages.notifyReply(first, g);
      url = commentLink;
      break;
    case 'comment':
      text = messages.notifyComment(first, g, title);
      url = commentLink;
      break;
    case 'mention':
      text = messages.notifyMention(first, g);
      url = commentLink;
      break;
    case 'vote_entry':
      text = messages.notifyVoteEntry(first, g, more, title);
      url = entryLink;
      break;
    case 'vote_comment':
      text = messages.notifyVoteComment(first, g, more);
      url = commentLink;
      break;
    case 'subscriber':
      text = messages.notifySubscriber(first, g, more);
      url = more > 0 ? '/notifications' : actorLink;
      break;
    case 'repost':
      text = messages.notifyRepost(first, g, title);
      url = entryLink;
      break;
    case 'unpublished':
      text = messages.notifyUnpublished(title);
      quote = data.reason ?? '';
      url = entryLink;
      break;
    case 'ban':
      text = messages.notifyBan(data.until ? formatUntil(data.until, { timeZone: 'Europe/Moscow' }) : '');
      quote = data.reason ?? '';
      url = '/';
      break;
    default:
      text = data.text ?? messages.notifySystemTitle;
      url = '/notifications';
  }
  return {
    type: row.type,
    text,
    quote,
    url: publicUrl + url,
    actors: people.slice(0, 3).map((a) => ({
      id: a.id,
      name: a.name,
      url: subsiteUrl(a),
      avatar_color: a.avatar_color,
      avatar_url: a.avatar_url,
    })),
    actors_count: row.actors_count,
  };
}

export async function present(ctx: Ctx, rows: q.NotificationRow[], publicUrl = ''): Promise<NotificationItem[]> {
  const actors = await q.actorsByIds(ctx.db, [...new Set(rows.flatMap((r) => r.actor_ids.slice(0, 3)))]);
  return rows.map((r) => ({
    id: r.id,
    ...render(r, actors, publicUrl),
    is_read: r.is_read,
    date: r.updated_at.toISOString(),
    comment_id: r.comment_id,
  }));
}

/** Microseconds since the epoch: the keyset cursor's exact value. */
const micros = (d: Date) => d.getTime() * 1000;

export async function list(
  ctx: Ctx,
  userId: number,
  cursor: { lastId: number; lastValue: number } | null,
  count = PAGE_SIZE,
): Promise<NotificationsPage> {
  const [rows, unread] = await Promise.all([
    q.listNotifications(ctx.db, userId, cursor, count),
    q.unreadCount(ctx.db, userId),
  ]);
  const page = rows.slice(0, count);
  const last = page.at(-1);
  return {
    items: await present(ctx, page),
    last_id: last?.id ?? null,
    last_sorting_value: last ? micros(last.updated_at) : null,
    is_finished: rows.length <= count,
    unread_count: unread,
  };
}

export const unreadCount = (ctx: Ctx, userId: number) => q.unreadCount(ctx.db, userId);

/** Marks read: `id` (one), `commentId` (those about a comment) or everything; other people's rows are never touched. */
export async function markRead(ctx: Ctx, userId: number, what: { id?: number; commentId?: number }) {
  return transaction(ctx, async (ctx) => {
    const changed = await q.markRead(ctx.db, userId, what);
    const unread = await q.unreadCount(ctx.db, userId);
    if (changed.length)
      ctx.events.emit('notification.changed', {
        userId,
        notificationId: changed.length === 1 ? changed[0] : 0,
        unreadCount: unread,
      });
    return { marked: changed.length, unread_count: unread };
  });
}

/**
 * Domain events become jobs, so a notification survives a crash between the request's answer and its delivery.
 * Subscribed by every process (the one that emits enqueues); the jobs run on a worker (jobs/handlers.ts).
 */
export function listen(ctx: Ctx) {
  ctx.events.on('comment.created', (p) => enqueue(ctx, 'notify.comment', p));
  ctx.events.on('vote.changed', (p) => (p.sign === 1 ? enqueue(ctx, 'notify.vote', p) : null));
  ctx.events.on('repost.created', (p) => enqueue(ctx, 'notify.repost', p));
  ctx.events.on('subscription.changed', (p) => (p.subscribed ? enqueue(ctx, 'notify.subscriber', p) : null));
  // Staff taking a published entry off tells its author; authors removing their own hear nothing.
  ctx.events.on('entry.removed', (p) =>
    p.wasPublished && p.byId !== p.authorId ? enqueue(ctx, 'notify.unpublished', { entryId: p.entryId }) : null,
  );
}

/** The `notify.forget` job: a deleted account's mail subscriptions go. */
export async function forgetSubscriptions(ctx: Ctx, userId: number) {
  await q.forgetSubscriptions(ctx.db, userId);
}
