import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { ADULT_COOKIE, REASON_MAX } from '../../../shared/moderation.ts';
import { emptyAs, flagField, idField, intField, parentIdField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import * as moderation from './service.ts';
import * as feed from '../feed/service.ts';

// The service trims and checks the real limit; this keeps a megabyte of text away from the clean-up.
const reasonField = z.string({ error: messages.wrongType }).max(REASON_MAX * 4, messages.banReasonTooLong(REASON_MAX));

/** Days: whole, 0…2³¹−1 (more than 1095 is lowered by the service); absent, empty or 0 means for good. */
const daysField = emptyAs(null, intField(messages.banDaysInvalid, 0).nullable());

const userParams = z.strictObject({ id: idField(messages.banUserIdInvalid) });
const entryParams = z.strictObject({ id: idField(messages.entryIdInvalid) });
const lastIdField = parentIdField(messages.auditLastIdInvalid);

/** Bans, the bans history, the audit log and the staff's people search (issue 11). */
export const moderationRoutes = [
  route.post('/admin/users/:id/ban', {
    // Subsite managers ban in their subsites too: the service's policy decides the rest.
    access: 'active',
    rateLimit: [60, 60],
    params: userParams,
    body: plainBody({
      reason_text: reasonField,
      days: daysField,
      remove_all_data: flagField(messages.wrongType).default(false),
      whole_platfrom: flagField(messages.wrongType).default(false),
      subsite_id: parentIdField(messages.banSubsiteInvalid),
    }),
    message: (r: { ban: { until: string | null } }) => (r.ban.until ? messages.banDone : messages.banDoneForever),
    handler: ({ ctx, user, params, body }) => moderation.ban(ctx, user, params.id, body),
  }),

  route.post('/admin/users/:id/unban', {
    access: 'active',
    rateLimit: [60, 60],
    params: userParams,
    body: plainBody({
      subsite_id: parentIdField(messages.banSubsiteInvalid),
      reason_text: reasonField.default(''),
    }),
    message: messages.unbanDone,
    handler: ({ ctx, user, params, body }) => moderation.unban(ctx, user, params.id, body),
  }),

  route.get('/admin/users/:id/bans', {
    access: 'staff',
    rateLimit: READS,
    params: userParams,
    handler: ({ ctx, user, params }) => moderation.bansHistory(ctx, user, params.id),
  }),

  route.get('/admin/users/:id', {
    access: 'staff',
    rateLimit: READS,
    params: userParams,
    handler: ({ ctx, user, params }) => moderation.userCard(ctx, user, params.id),
  }),

  route.get('/admin/users', {
    access: 'staff',
    rateLimit: [120, 60],
    query: plainBody({
      query: z
        .string({ error: messages.userSearchQueryInvalid })
        .trim()
        .min(1, messages.userSearchQueryInvalid)
        .max(100, messages.userSearchQueryInvalid),
    }),
    handler: ({ ctx, user, query }) => moderation.searchUsers(ctx, user, query.query),
  }),

  route.get('/admin/bans', {
    access: 'staff',
    rateLimit: READS,
    query: plainBody({ last_id: lastIdField }),
    handler: ({ ctx, user, query }) => moderation.activeBans(ctx, user, query.last_id),
  }),

  route.get('/admin/audit', {
    access: 'staff',
    rateLimit: READS,
    query: plainBody({
      last_id: lastIdField,
      action: z
        .string({ error: messages.auditActionInvalid })
        .regex(/^[a-z_.]{1,40}$/, messages.auditActionInvalid)
        .optional(),
      user_id: parentIdField(messages.banUserIdInvalid),
    }),
    handler: ({ ctx, user, query }) =>
      moderation.auditLog(ctx, user, {
        lastId: query.last_id,
        action: query.action,
        userId: query.user_id ?? undefined,
      }),
  }),

  // One pinned comment per entry (spec/content.md §6, §7): staff and the entry's subsite managers.
  route.post('/admin/comments/pin', {
    access: 'active',
    rateLimit: [60, 60],
    body: plainBody({
      id: idField(messages.commentPinIdInvalid),
      state: flagField(messages.commentPinStateInvalid),
    }),
    message: (r: { is_pinned: boolean }) => (r.is_pinned ? messages.commentPinned : messages.commentUnpinned),
    handler: ({ ctx, user, body }) => moderation.pinComment(ctx, user, body.id, body.state),
  }),

  // Entry actions (spec/content.md §4, §7).
  route.post('/content/unpublish/:id', {
    access: 'staff',
    rateLimit: [60, 60],
    params: entryParams,
    body: plainBody({ reason_text: reasonField, reason_id: parentIdField(messages.reasonIdInvalid) }),
    message: messages.entryUnpublished,
    handler: ({ ctx, user, params, body }) => moderation.unpublish(ctx, user, params.id, body),
  }),

  route.post('/admin/content/unlock/:id', {
    access: 'staff',
    rateLimit: [60, 60],
    params: entryParams,
    message: messages.entryUnlocked,
    handler: ({ ctx, user, params }) => moderation.unlock(ctx, user, params.id),
  }),

  route.post('/content/unforce/:id', {
    access: 'staff',
    rateLimit: [60, 60],
    params: entryParams,
    message: messages.entryUnforced,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'unforce'),
  }),

  route.post('/content/nsfw/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: entryParams,
    message: messages.entryNsfwMarked,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'nsfw'),
  }),

  route.post('/content/unnsfw/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: entryParams,
    message: messages.entryNsfwUnmarked,
    handler: ({ ctx, user, params }) => moderation.setEntryFlag(ctx, user, params.id, 'unnsfw'),
  }),

  // The spec's names for hiding an entry from one's own feed: the same rows as the stub's /content/hide.
  route.post('/content/mute/:id', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    message: messages.entryHidden,
    handler: ({ ctx, user, params }) => feed.hide(ctx, user.id, params.id),
  }),

  route.post('/content/unmute/:id', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    message: messages.entryUnhidden,
    handler: ({ ctx, user, params }) => feed.unhide(ctx, user.id, params.id),
  }),

  // 18+ (spec/content.md §7): the age confirmation (a year-long cookie for everyone, the account too when signed in)
  // and the blur preference.
  route.post('/subsite/is_adult', {
    access: 'anyone',
    rateLimit: [30, 60],
    body: plainBody({ is_adult: flagField(messages.adultFlagInvalid) }),
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

  route.post('/subsite/is_blur_nsfw', {
    access: 'user',
    rateLimit: [30, 60],
    body: plainBody({ is_blur_nsfw: flagField(messages.adultFlagInvalid) }),
    handler: ({ ctx, user, body }) => moderation.setBlurNsfw(ctx, user.id, body.is_blur_nsfw),
  }),

  // Entry pins to a feed (spec/content.md §7): subsite_id 0 is the main feed; state 0 unpins.
  route.post('/admin/content/pin', {
    access: 'active',
    rateLimit: [60, 60],
    body: plainBody({
      content_id: idField(messages.entryIdInvalid),
      subsite_id: intField(messages.banSubsiteInvalid, 0),
      state: flagField(messages.commentPinStateInvalid).default(true),
    }),
    message: (r: { is_pinned: boolean }) => (r.is_pinned ? messages.feedPinDone : messages.feedUnpinDone),
    handler: ({ ctx, user, body }) => moderation.pinToFeed(ctx, user, body),
  }),

  route.post('/admin/content/close_editing/:id', {
    access: 'staff',
    rateLimit: [60, 60],
    params: entryParams,
    body: plainBody({ state: flagField(messages.commentPinStateInvalid).default(true) }),
    message: (r: { is_closed_editing: boolean }) =>
      r.is_closed_editing ? messages.editingClosedDone : messages.editingOpenedDone,
    handler: ({ ctx, user, params, body }) => moderation.setEditingClosed(ctx, user, params.id, body.state),
  }),

  // Entries waiting to be published: held spam (a new account's entry with links) and communities' approval queues.
  route.get('/admin/reviews', {
    access: 'staff',
    rateLimit: READS,
    query: plainBody({
      reason: z.enum(['spam', 'approval'], { error: messages.reviewReasonInvalid }).default('spam'),
    }),
    handler: ({ ctx, user, query }) => moderation.reviewQueue(ctx, user, query.reason),
  }),

  route.get('/subsite/reviews/:id', {
    access: 'active',
    rateLimit: READS,
    params: z.strictObject({ id: idField(messages.banSubsiteInvalid) }),
    handler: ({ ctx, user, params }) => moderation.subsiteReviewQueue(ctx, user, params.id),
  }),

  // A community's managers decide its approval queue too: the policy tells the queues apart.
  route.post('/admin/reviews/:id/approve', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    message: messages.reviewApproved,
    handler: ({ ctx, user, params }) => moderation.decideReview(ctx, user, params.id, { approve: true }),
  }),

  route.post('/admin/reviews/:id/reject', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    body: plainBody({ reason_text: reasonField.default('') }),
    message: messages.reviewRejected,
    handler: ({ ctx, user, params, body }) =>
      moderation.decideReview(ctx, user, params.id, { approve: false, reason_text: body.reason_text }),
  }),

  // The blocklist is the muted blogs of people (/mute/subsite/{id}); this lists it for the settings section.
  route.get('/blocklist', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user }) => moderation.blocklist(ctx, user.id),
  }),
];
