import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/subsites.ts';
import { READS, route } from '../../http/route.ts';
import { Said } from '../../lib/answers.ts';
import * as subsites from './service.ts';

/** Communities, subscriptions and the reader's relation to a subsite (spec/content.md §4). */
export const subsiteRoutes = [
  route.implement(contracts.communities, {
    rateLimit: READS,
    handler: async ({ ctx, user, query }) => ({
      items: await subsites.communities(ctx, user?.id ?? null, query.limit),
    }),
  }),

  // In a private community the button asks to join: the message says which happened.
  route.implement(contracts.subscribe, {
    rateLimit: [60, 60],
    handler: async ({ ctx, user, params }) => {
      const data = await subsites.subscribe(ctx, user, params.id);
      return new Said(data, data.is_requested ? messages.joinRequested : messages.subscribed);
    },
  }),

  route.implement(contracts.unsubscribe, {
    rateLimit: [60, 60],
    message: messages.unsubscribed,
    handler: ({ ctx, user, params }) => subsites.unsubscribe(ctx, user.id, params.id),
  }),

  route.implement(contracts.details, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => subsites.detailsById(ctx, params.id, user),
  }),

  // Muting a person's blog id ignores that author everywhere (spec/content.md §4: mute subsite, ignore author).
  route.implement(contracts.mute, {
    rateLimit: [60, 60],
    message: messages.subsiteMuted,
    handler: ({ ctx, user, params }) => subsites.mute(ctx, user.id, params.id),
  }),

  route.implement(contracts.unmute, {
    rateLimit: [60, 60],
    message: messages.subsiteUnmuted,
    handler: ({ ctx, user, params }) => subsites.unmute(ctx, user.id, params.id),
  }),

  route.implement(contracts.notifyOn, {
    rateLimit: [60, 60],
    message: messages.notifyOn,
    handler: ({ ctx, user, params }) => subsites.notify(ctx, user.id, params.id, true),
  }),

  route.implement(contracts.notifyOff, {
    rateLimit: [60, 60],
    message: messages.notifyOff,
    handler: ({ ctx, user, params }) => subsites.notify(ctx, user.id, params.id, false),
  }),

  route.implement(contracts.saveDefaultSorting, {
    rateLimit: [30, 60],
    message: messages.sortingSaved,
    handler: ({ ctx, user, params }) => subsites.saveDefaultSorting(ctx, user.id, params.type),
  }),

  // A private community's door (issue 32, point 4): its managers read and answer the requests to join.
  route.implement(contracts.joinRequestsOf, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => subsites.joinRequests(ctx, user, params.id),
  }),

  route.implement(contracts.approveJoin, {
    rateLimit: [120, 60],
    message: messages.joinApproved,
    handler: ({ ctx, user, params, body }) => subsites.decideJoin(ctx, user, params.id, body.user_id, true),
  }),

  route.implement(contracts.refuseJoin, {
    rateLimit: [120, 60],
    message: messages.joinRefused,
    handler: ({ ctx, user, params, body }) => subsites.decideJoin(ctx, user, params.id, body.user_id, false),
  }),
];
