import * as contracts from '../../../shared/api/vacancies.ts';
import { messages } from '../../../shared/catalogue.ts';
import { TOWN_COOKIE } from '../../../shared/vacancies.ts';
import { READS, route } from '../../http/route.ts';
import { sendRss } from '../../lib/rss.ts';
import { townById } from '../../lib/towns.ts';
import { sendWidgetPage } from '../../lib/widget-page.ts';
import { vacanciesRss } from './rss.ts';
import * as vacancies from './service.ts';

const YEAR_S = 365 * 86_400;

export const vacanciesRoutes = [
  route.implement(contracts.list, {
    rateLimit: READS,
    handler: ({ ctx, query }) => {
      const { last_id, last_sorting_value, ...filters } = query;
      const cursor =
        last_id !== undefined && last_sorting_value !== undefined
          ? { lastId: last_id, lastSortingValue: last_sorting_value }
          : null;
      return vacancies.list(ctx, filters, cursor);
    },
  }),

  route.implement(contracts.queue, {
    rateLimit: READS,
    handler: ({ ctx, user }) => vacancies.queue(ctx, user),
  }),

  route.implement(contracts.towns, {
    rateLimit: READS,
    handler: ({ query }) => vacancies.towns(query.q),
  }),

  route.implement(contracts.one, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => vacancies.one(ctx, user, params.id),
  }),

  route.implement(contracts.create, {
    rateLimit: [10, 3600],
    message: messages.vacancyCreated,
    handler: ({ ctx, user, body }) => vacancies.create(ctx, user, body),
  }),

  route.implement(contracts.edit, {
    rateLimit: [30, 3600],
    message: messages.vacancySaved,
    handler: ({ ctx, user, params, body }) => vacancies.edit(ctx, user, params.id, body),
  }),

  route.implement(contracts.unpublish, {
    rateLimit: [30, 60],
    message: messages.vacancyUnpublished,
    handler: ({ ctx, user, params, body }) => vacancies.unpublish(ctx, user, params.id, body.reason_text ?? ''),
  }),

  route.implement(contracts.publish, {
    rateLimit: [120, 60],
    message: messages.vacancyPublished,
    handler: ({ ctx, user, params }) => vacancies.publish(ctx, user, params.id),
  }),

  route.implement(contracts.reject, {
    rateLimit: [120, 60],
    message: messages.vacancyRejected,
    handler: ({ ctx, user, params, body }) => vacancies.reject(ctx, user, params.id, body.reason_text),
  }),

  // An anonymous reader's town lives in a year-long cookie; a person's in their settings (the cookie too, so the
  // choice survives signing out).
  route.implement(contracts.storeLocation, {
    rateLimit: [30, 60],
    message: (r) => (r.town ? messages.locationSaved : messages.locationCleared),
    handler: async ({ ctx, user, body, reply }) => {
      const answer = await vacancies.storeLocation(ctx, user, body.city_id);
      const secure = ctx.config.publicUrl.startsWith('https:');
      if (answer.town)
        reply.setCookie(TOWN_COOKIE, String(answer.town.id), { path: '/', maxAge: YEAR_S, sameSite: 'lax', secure });
      else reply.clearCookie(TOWN_COOKIE, { path: '/' });
      return answer;
    },
  }),

  route.implement(contracts.widget, {
    rateLimit: READS,
    handler: async ({ ctx, user, query, req }) => {
      const town =
        query.location !== undefined
          ? (townById(query.location) ?? null)
          : await vacancies.readerTown(ctx, user, req.cookies[TOWN_COOKIE]);
      return vacancies.widget(ctx, town, query.offset ?? 0, query.limit ?? 5);
    },
  }),
];

/** At the site root: the RSS feed of vacancies and the widget for other sites. */
export const vacanciesRootRoutes = [
  route.implement(contracts.rss, {
    rateLimit: READS,
    handler: async ({ ctx, req, reply }) => sendRss(req, reply, await vacanciesRss(ctx)),
  }),
  // Another site frames it: the town comes from the address only (no cookie of ours is read or set).
  route.implement(contracts.externalWidget, {
    rateLimit: READS,
    handler: async ({ ctx, query, reply }) =>
      sendWidgetPage(reply, await vacancies.externalWidget(ctx, query.location ?? null)),
  }),
];
