import {
  channelName,
  type CommentsEvent,
  type ContentEvent,
  type HitsEvent,
  type SystemEvent,
  type UserEvent,
} from '../../../shared/realtime.ts';
import type { QrEvent } from '../../../shared/signin.ts';
import type { Ctx } from '../../context.ts';
import { entryCommentsCount, presentForReaders } from '../comments/service.ts';
import { presentFact } from '../messenger/service.ts';
import type { Hub } from './hub.ts';
import { liveResults } from '../quiz/service.ts';
import * as live from './live.ts';
import { keyedThrottle } from './throttle.ts';

/** A viral entry's view counter moves many times a second; listeners hear it at most this often. */
export const HITS_THROTTLE_MS = 1000;
/** A quiz's live results go out at most this often (twice a second), however many vote. */
export const QUIZ_THROTTLE_MS = 500;

/**
 * Domain events → socket channels. Runs on the node that made the change; the adapter carries the message to
 * every other node. Comments go out as an anonymous reader sees them (each client adds its own marks).
 */
export function publishDomainEvents(ctx: Ctx, hub: Hub): () => void {
  const commentsEvent = (entryId: number, data: CommentsEvent) => hub.publish(channelName.comments(entryId), data);
  const hits = keyedThrottle<number, number>(
    HITS_THROTTLE_MS,
    (entryId, value) =>
      hub.publish(channelName.hits(entryId), {
        content_id: entryId,
        type: 'content_viewed',
        value,
      } satisfies HitsEvent),
    Math.max,
  );
  // A quiz's results are counted once per message, not once per vote: the votes of a window share one count.
  const quizzes = keyedThrottle<string, number>(
    QUIZ_THROTTLE_MS,
    async (hash, entryId) => {
      const results = await liveResults(ctx, hash);
      if (results)
        hub.publish(channelName.content(entryId), {
          type: 'quiz results updated',
          hash,
          results,
        } satisfies ContentEvent);
    },
    (_, entryId) => entryId,
  );
  const offs = [
    ctx.events.on('account.closed', ({ userId }) => hub.disconnectUser(userId)),
    ctx.events.on('comment.created', async ({ commentId, entryId }) => {
      const [comment, item] = await Promise.all([presentForReaders(ctx, commentId), live.commentItem(ctx, commentId)]);
      if (comment)
        commentsEvent(entryId, {
          type: 'comment_created',
          comment,
          comments_count: await entryCommentsCount(ctx, entryId),
        });
      if (item) hub.publish(channelName.live, item);
    }),
    ctx.events.on('comment.edited', async ({ commentId, entryId }) => {
      const comment = await presentForReaders(ctx, commentId);
      if (comment)
        commentsEvent(entryId, {
          type: 'comment_edited',
          comment,
          comments_count: await entryCommentsCount(ctx, entryId),
        });
    }),
    ctx.events.on('comment.removed', async ({ commentIds, entryId, commentsCount: count }) => {
      const comment = await presentForReaders(ctx, commentIds[0]);
      commentsEvent(entryId, { type: 'comment_removed', comment, removed_ids: commentIds, comments_count: count });
    }),
    ctx.events.on('vote.changed', async ({ type, targetId, entryId, count, summ }) => {
      if (type === 'comment') {
        const comment = await presentForReaders(ctx, targetId);
        // The row's counters may be folded later (votes/counters.ts); the event carries the exact tally.
        if (comment)
          commentsEvent(entryId, {
            type: 'comment_voted',
            comment: { ...comment, likes: { count, summ, is_liked: 0 } },
          });
      } else {
        hub.publish(channelName.content(targetId), {
          type: 'content_voted',
          content_id: targetId,
          likes: { count, summ },
        } satisfies ContentEvent);
      }
    }),
    ctx.events.on('hit.counted', ({ entryId, value }) => hits.push(entryId, value)),
    ctx.events.on('quiz.voted', ({ entryId, hash }) => quizzes.push(hash, entryId)),
    ctx.events.on('entry.published', async ({ entryId, subsiteId }) => {
      hub.publish(channelName.system, {
        type: 'new_entry_published',
        content_id: entryId,
        subsite_id: subsiteId,
      } satisfies SystemEvent);
      const item = await live.entryItem(ctx, entryId);
      if (item) hub.publish(channelName.live, item);
    }),
    ctx.events.on('subscription.changed', ({ subsiteId, subscribersCount }) => {
      hub.publish(channelName.system, {
        type: 'subsite_subscribers_count_changed',
        subsite_id: subsiteId,
        count: subscribersCount,
      } satisfies SystemEvent);
    }),
    // A chat's event is one broadcast to its members' private channels, sent on the next turn of the loop so the
    // request that caused it (a send) is answered first.
    ctx.events.on('messenger.event', async ({ userIds, fact }) => {
      await new Promise((resolve) => setImmediate(resolve));
      const event = await presentFact(ctx, fact);
      if (!event) return;
      if (userIds.length === 1) hub.publish(channelName.user(userIds[0]), event);
      else hub.publishToUsers(userIds, event);
    }),
    ctx.events.on('notification.changed', ({ userId, unreadCount }) => {
      hub.publish(channelName.user(userId), { type: 'notification', unread_count: unreadCount } satisfies UserEvent);
    }),
    ctx.events.on('signin.qr_confirmed', ({ codeId }) => {
      hub.publish(channelName.signinQr(codeId), { type: 'qr_confirmed' } satisfies QrEvent);
    }),
  ];
  return () => {
    offs.forEach((off) => off());
    hits.stop();
    quizzes.stop();
  };
}
