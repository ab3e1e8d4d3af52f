import { messages } from '../../../shared/catalogue.ts';
import { REASON_MAX } from '../../../shared/moderation.ts';
import type { BlockedPerson, ReviewItem } from '../../../shared/api/moderation.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import * as entries from '../entries/service.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as restrictions from '../restrictions/index.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { type Actor, person } from './common.ts';
import { recordAction } from './audit.ts';

/** Entries held for review (staff's and a community's queue) and a reader's blocklist. */
// ---- entries held for review ----

const REVIEW_PAGE = 100;

function presentReview(r: q.ReviewRow): ReviewItem {
  return {
    entry_id: r.entry_id,
    title: r.title,
    url: `/${r.entry_id}`,
    author: person(r.author_id, r.author_name, r.author_slug),
    subsite: {
      id: r.subsite_id,
      name: r.subsite_name,
      url: subsiteUrl({ id: r.subsite_id, type: r.subsite_type, slug: r.subsite_slug }),
    },
    reason: r.reason === 'approval' ? 'approval' : 'spam',
    date: r.created_at.toISOString(),
  };
}

/**
 * `GET /admin/reviews {reason}`: staff's queues, oldest first: entries held as spam (a new account's entry with
 * links), or every community's entries awaiting approval.
 */
export async function reviewQueue(
  ctx: Ctx,
  actor: Actor,
  reason: 'spam' | 'approval' = 'spam',
): Promise<{ items: ReviewItem[] }> {
  policy.assertStaff(actor, messages.queueForbidden);
  return { items: (await q.reviews(ctx.db, { reason, subsiteId: null, limit: REVIEW_PAGE })).map(presentReview) };
}

/** `GET /subsite/reviews/{id}`: a moderated community's approval queue, for its managers and staff. */
export async function subsiteReviewQueue(ctx: Ctx, actor: Actor, subsiteId: number): Promise<{ items: ReviewItem[] }> {
  if (!(await q.findSubsite(ctx.db, subsiteId))) throw notFound(messages.subsiteNotFound);
  policy.assertCanReview(actor, 'approval', await q.subsiteRole(ctx.db, subsiteId, actor.id));
  return {
    items: (await q.reviews(ctx.db, { reason: 'approval', subsiteId, limit: REVIEW_PAGE })).map(presentReview),
  };
}

/**
 * `POST /admin/reviews/{id}/approve` publishes a waiting entry (its publication time is now, unless it had been
 * published before); `/reject {reason_text}` leaves it a draft, which its author may edit and send again (a
 * community's rejection stays on the draft, with its reason, until then). Held spam
 * is staff's; a community's approval queue also its managers', whose rejection needs a reason the author is told.
 * Logged.
 */
export async function decideReview(
  ctx: Ctx,
  actor: Actor,
  entryId: number,
  decision: { approve: boolean; reason_text?: string },
) {
  const reason = (decision.reason_text ?? '').replace(/\s+/g, ' ').trim();
  if (reason.length > REASON_MAX) throw badRequestOf('banReasonTooLong', REASON_MAX);
  return transaction(ctx, async (ctx) => {
    const review = await q.findReview(ctx.db, entryId);
    if (!review || review.removed) throw notFound(messages.reviewNotFound);
    policy.assertCanReview(actor, review.reason, await q.subsiteRole(ctx.db, review.subsite_id, actor.id));
    const approval = review.reason === 'approval';
    if (!decision.approve && approval && !reason)
      throw badRequest(messages.approvalReasonRequired, { errors: { reason_text: messages.approvalReasonRequired } });
    await q.takeReview(ctx.db, entryId);
    if (decision.approve && !(await entries.publishApproved(ctx, entryId))) throw notFound(messages.reviewNotFound);
    // The author sees a community's rejection and its reason on the draft until they send it again.
    if (!decision.approve && approval)
      await restrictions.queries.rejectEntry(ctx.db, entryId, review.subsite_id, reason, ctx.now());
    if (approval && review.author_id !== actor.id)
      await enqueue(ctx, 'notify.system', {
        userId: review.author_id,
        text: decision.approve
          ? messages.approvalApprovedNotice(review.title, review.subsite_name)
          : messages.approvalRejectedNotice(review.title, review.subsite_name, reason),
      });
    await recordAction(ctx, {
      actorId: actor.id,
      action: decision.approve ? 'entry.approve' : 'entry.reject',
      targetType: 'entry',
      targetId: entryId,
      reason,
      data: { reason: review.reason, subsite_id: review.subsite_id, author_id: review.author_id },
    });
    return { entry_id: entryId, is_published: decision.approve };
  });
}

// ---- the blocklist ----

/** `GET /blocklist`: the people the reader blocklisted (their muted blogs), for the settings section. */
export async function blocklist(ctx: Ctx, userId: number): Promise<{ items: BlockedPerson[] }> {
  return {
    items: (await q.blocklist(ctx.db, userId)).map((p) => ({
      id: p.id,
      name: p.name,
      url: subsiteUrl({ id: p.id, type: 'user', slug: p.slug }),
      avatar_url: p.avatar_url,
      avatar_color: p.avatar_color,
    })),
  };
}
