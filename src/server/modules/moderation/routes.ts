import { messages } from '../../../shared/catalogue.ts';
import { ADULT_COOKIE } from '../../../shared/moderation.ts';
import * as contracts from '../../../shared/api/moderation.ts';
import * as entryContracts from '../../../shared/api/moderation-entries.ts';
import { READS, route } from '../../http/route.ts';
import * as moderation from './service.ts';
import * as feed from '../feed/service.ts';

/** Bans, the bans history, the audit log and the staff's people search (issue 11). */
export const moderationRoutes = [
  route.implement(contracts.ban, {
    rateLimit: [60, 60],
    message: (r) => (r.ban.until ? messages.banDone : messages.banDoneForever),
    handler: ({ ctx, user, params, body }) => moderation.ban(ctx, user, params.id, body),
  }),

  route.implement(contracts.unban, {
    rateLimit: [60, 60],
    message: messages.unbanDone,
    handler: ({ ctx, user, params, body }) => moderation.unban(ctx, user, params.id, body),
  }),

  route.implement(contracts.bansHistory, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => moderation.bansHistory(ctx, user, params.id),
  }),

  route.implement(contracts.userCard, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => moderation.userCard(ctx, user, params.id),
  }),

  route.implement(contracts.searchUsers, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, query }) => moderation.searchUsers(ctx, user, query.query),
  }),

  route.implement(contracts.activeBans, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => moderation.activeBans(ctx, user, query.last_id),
  }),

  // Site roles (issue 32): the policy decides who gives which; the log keeps every change.
  route.implement(contracts.setSiteRole, {
    rateLimit: [30, 60],
    message: messages.siteRoleChanged,
    handler: ({ ctx, user, params, body }) => moderation.setSiteRole(ctx, user, params.id, body.role),
  }),

  route.implement(contracts.auditLog, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) =>
      moderation.auditLog(ctx, user, {
        lastId: query.last_id,
        action: query.action,
        userId: query.user_id ?? undefined,
      }),
  }),

  // One pinned comment per entry (spec/content.md §6, §7): staff and the entry's subsite managers.
  route.implement(entryContracts.pinComment, {
    rateLimit: [60, 60],
    message: (r) => (r.is_pinned ? messages.commentPinned : messages.commentUnpinned),
    handler: ({ ctx, user, body }) => moderation.pinComment(ctx, user, body.id, body.state),
  }),

  // Entry actions (spec/content.md §4, §7).
  route.implement(entryContracts.unpublish, {
    rateLimit: [60, 60],
    message: messages.entryUnpublished,
    handler: ({ ctx, user, params, body }) => moderation.unpublish(ctx, user, params.id, body),
  }),

  route.implement(entryContracts.unlock, {
    rateLimit: [60, 60],
    message: messages.entryUnlocked,
    handler: ({ ctx, user, params }) => moderation.unlock(ctx, user, params.id),
  }),

  route.implement(entryContracts.unforce, {
    rateLimit: [60, 60],
    message: messages.entryUnforced,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'unforce'),
  }),

  route.implement(entryContracts.nsfw, {
    rateLimit: [60, 60],
    message: messages.entryNsfwMarked,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'nsfw'),
  }),

  route.implement(entryContracts.unnsfw, {
    rateLimit: [60, 60],
    message: messages.entryNsfwUnmarked,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'unnsfw'),
  }),

  // The spec's names for hiding an entry from one's own feed: the same rows as the stub's /content/hide.
  route.implement(entryContracts.mute, {
    rateLimit: [120, 60],
    message: messages.entryHidden,
    handler: ({ ctx, user, params }) => feed.hide(ctx, user.id, params.id),
  }),

  route.implement(entryContracts.unmute, {
    rateLimit: [120, 60],
    message: messages.entryUnhidden,
    handler: ({ ctx, user, params }) => feed.unhide(ctx, user.id, params.id),
  }),

  // 18+ (spec/content.md §7): the age confirmation (a year-long cookie for everyone, the account too when signed in)
  // and the blur preference.
  route.implement(entryContracts.setAdult, {
    rateLimit: [30, 60],
    handler: async ({ ctx, user, body, reply }) => {
      reply.setCookie(ADULT_COOKIE, body.is_adult ? '1' : '0', {
        path: '/',
        maxAge: 365 * 86_400,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https:'),
      });
      return moderation.setAdult(ctx, user?.id ?? null, body.is_adult);
    },
  }),

  route.implement(entryContracts.setBlurNsfw, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, body }) => moderation.setBlurNsfw(ctx, user.id, body.is_blur_nsfw),
  }),

  // Entry pins to a feed (spec/content.md §7): subsite_id 0 is the main feed; state 0 unpins.
  route.implement(entryContracts.pinToFeed, {
    rateLimit: [60, 60],
    message: (r) => (r.is_pinned ? messages.feedPinDone : messages.feedUnpinDone),
    handler: ({ ctx, user, body }) => moderation.pinToFeed(ctx, user, body),
  }),

  route.implement(entryContracts.closeEditing, {
    rateLimit: [60, 60],
    message: (r) => (r.is_closed_editing ? messages.editingClosedDone : messages.editingOpenedDone),
    handler: ({ ctx, user, params, body }) => moderation.setEditingClosed(ctx, user, params.id, body.state),
  }),

  // Entries waiting to be published: held spam (a new account's entry with links) and communities' approval queues.
  route.implement(contracts.reviewQueue, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => moderation.reviewQueue(ctx, user, query.reason),
  }),

  route.implement(contracts.subsiteReviewQueue, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => moderation.subsiteReviewQueue(ctx, user, params.id),
  }),

  // A community's managers decide its approval queue too: the policy tells the queues apart.
  route.implement(contracts.approveReview, {
    rateLimit: [120, 60],
    message: messages.reviewApproved,
    handler: ({ ctx, user, params }) => moderation.decideReview(ctx, user, params.id, { approve: true }),
  }),

  route.implement(contracts.rejectReview, {
    rateLimit: [120, 60],
    message: messages.reviewRejected,
    handler: ({ ctx, user, params, body }) =>
      moderation.decideReview(ctx, user, params.id, { approve: false, reason_text: body.reason_text }),
  }),

  // The blocklist is the muted blogs of people (/mute/subsite/{id}); this lists it for the settings section.
  route.implement(contracts.blocklist, {
    rateLimit: READS,
    handler: ({ ctx, user }) => moderation.blocklist(ctx, user.id),
  }),
];
