import * as contracts from '../../../shared/api/events.ts';
import { messages } from '../../../shared/catalogue.ts';
import { TOWN_COOKIE } from '../../../shared/vacancies.ts';
import { READS, route } from '../../http/route.ts';
import { sendRss } from '../../lib/rss.ts';
import { townById } from '../../lib/towns.ts';
import { sendWidgetPage } from '../../lib/widget-page.ts';
import { readerTown } from '../vacancies/service.ts';
import { eventsRss } from './rss.ts';
import * as events from './service.ts';

export const eventsRoutes = [
  route.implement(contracts.list, {
    rateLimit: READS,
    handler: ({ ctx, query }) => {
      const { offset, ...filters } = query;
      return events.list(ctx, filters, offset ?? 0);
    },
  }),

  route.implement(contracts.calendar, {
    rateLimit: READS,
    handler: ({ ctx, query }) => {
      const { month, ...filters } = query;
      return events.calendar(ctx, filters, month);
    },
  }),

  route.implement(contracts.queue, {
    rateLimit: READS,
    handler: ({ ctx, user }) => events.queue(ctx, user),
  }),

  route.implement(contracts.one, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => events.one(ctx, user, params.id),
  }),

  route.implement(contracts.ics, {
    rateLimit: READS,
    handler: async ({ ctx, user, params, reply }) => {
      const text = await events.ics(ctx, user, params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${params.id}.ics"`)
        .send(text);
    },
  }),

  route.implement(contracts.create, {
    rateLimit: [10, 3600],
    message: messages.eventCreated,
    handler: ({ ctx, user, body }) => events.create(ctx, user, body),
  }),

  route.implement(contracts.edit, {
    rateLimit: [30, 3600],
    message: messages.eventSaved,
    handler: ({ ctx, user, params, body }) => events.edit(ctx, user, params.id, body),
  }),

  route.implement(contracts.unpublish, {
    rateLimit: [30, 60],
    message: messages.eventUnpublished,
    handler: ({ ctx, user, params, body }) => events.unpublish(ctx, user, params.id, body.reason_text ?? ''),
  }),

  route.implement(contracts.publish, {
    rateLimit: [120, 60],
    message: messages.eventPublished,
    handler: ({ ctx, user, params }) => events.publish(ctx, user, params.id),
  }),

  route.implement(contracts.reject, {
    rateLimit: [120, 60],
    message: messages.eventRejected,
    handler: ({ ctx, user, params, body }) => events.reject(ctx, user, params.id, body.reason_text),
  }),

  route.implement(contracts.widget, {
    rateLimit: READS,
    handler: async ({ ctx, user, query, req }) => {
      const town =
        query.location !== undefined
          ? (townById(query.location) ?? null)
          : await readerTown(ctx, user, req.cookies[TOWN_COOKIE]);
      return events.widget(ctx, town, query.offset ?? 0, query.limit ?? 5);
    },
  }),
];

/** At the site root: the RSS feed of events and the widget for other sites. */
export const eventsRootRoutes = [
  route.implement(contracts.rss, {
    rateLimit: READS,
    handler: async ({ ctx, req, reply }) => sendRss(req, reply, await eventsRss(ctx)),
  }),
  // Another site frames it: the town comes from the address only (no cookie of ours is read or set).
  route.implement(contracts.externalWidget, {
    rateLimit: READS,
    handler: async ({ ctx, query, reply }) =>
      sendWidgetPage(reply, await events.externalWidget(ctx, query.location ?? null)),
  }),
];
