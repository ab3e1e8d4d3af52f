import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { FEED_SORTINGS } from '../../../shared/feed.ts';
import { idField, intField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import * as subsites from './service.ts';

const idParams = z.object({ id: idField(messages.subsiteNotFound) });
const sortingParams = z.object({ type: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }) });

/** Communities, subscriptions and the reader's relation to a subsite (spec/content.md §4). */
export const subsiteRoutes = [
  route.get('/subsites/communities', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({ limit: intField(messages.badRequest, 1, 100).optional() }),
    handler: async ({ ctx, user, query }) => ({
      items: await subsites.communities(ctx, user?.id ?? null, query.limit),
    }),
  }),

  route.post('/subscribe/to/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.subscribed,
    handler: ({ ctx, user, params }) => subsites.subscribe(ctx, user.id, params.id),
  }),

  route.post('/unsubscribe/to/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.unsubscribed,
    handler: ({ ctx, user, params }) => subsites.unsubscribe(ctx, user.id, params.id),
  }),

  route.get('/subsite/:id', {
    access: 'anyone',
    rateLimit: READS,
    params: idParams,
    handler: ({ ctx, user, params }) => subsites.detailsById(ctx, params.id, user?.id ?? null),
  }),

  // Muting a person's blog id ignores that author everywhere (spec/content.md §4: mute subsite, ignore author).
  route.post('/mute/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.subsiteMuted,
    handler: ({ ctx, user, params }) => subsites.mute(ctx, user.id, params.id),
  }),

  route.post('/unmute/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.subsiteUnmuted,
    handler: ({ ctx, user, params }) => subsites.unmute(ctx, user.id, params.id),
  }),

  route.post('/notifications/subscribe/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.notifyOn,
    handler: ({ ctx, user, params }) => subsites.notify(ctx, user.id, params.id, true),
  }),

  route.post('/notifications/unsubscribe/subsite/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    message: messages.notifyOff,
    handler: ({ ctx, user, params }) => subsites.notify(ctx, user.id, params.id, false),
  }),

  route.post('/subsite/save_default_sorting_for_feed/:type', {
    access: 'active',
    rateLimit: [30, 60],
    params: sortingParams,
    message: messages.sortingSaved,
    handler: ({ ctx, user, params }) => subsites.saveDefaultSorting(ctx, user.id, params.type),
  }),
];
