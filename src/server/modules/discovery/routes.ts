import type { FastifyReply, FastifyRequest } from 'fastify';
import * as companyContracts from '../../../shared/api/companies.ts';
import * as contracts from '../../../shared/api/discovery.ts';
import { messages } from '../../../shared/catalogue.ts';
import { STATS_DAYS_DEFAULT, TUNE_MODES, type TuneMode } from '../../../shared/discovery.ts';
import { RECENT_SEEN_COOKIE, RECENT_SEEN_DAYS } from '../../../shared/feed.ts';
import { intField } from '../../../shared/validation.ts';
import { badRequest } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import * as notifications from '../notifications/service.ts';
import * as discovery from './service.ts';

/** Unix seconds, as the cookie keeps them. */
const secondsField = intField(messages.badRequest, 1, Number.MAX_SAFE_INTEGER);

/** The `last-recent-seen` cookie (unix seconds), when it holds a sane time. */
function cookieSeen(req: FastifyRequest): number | null {
  const seen = secondsField.safeParse(req.cookies[RECENT_SEEN_COOKIE]);
  return seen.success ? seen.data : null;
}

function keepSeen(reply: FastifyReply, seconds: number) {
  reply.setCookie(RECENT_SEEN_COOKIE, String(seconds), {
    path: '/',
    maxAge: RECENT_SEEN_DAYS * 86400,
    sameSite: 'lax',
  });
}

/** Feed tuning, initial data, rating, companies and statistics (issue 14). */
export const discoveryRoutes = [
  route.implement(contracts.tuneOffer, {
    rateLimit: READS,
    // `mode` shares its name with the transport's `mode=raw` (accepted on every route), so any other value is 'popup'.
    handler: ({ ctx, user, query }) =>
      discovery.tuneOffer(
        ctx,
        user.id,
        (TUNE_MODES as readonly string[]).includes(query.mode ?? '') ? (query.mode as TuneMode) : 'popup',
      ),
  }),

  route.implement(contracts.tune, {
    rateLimit: [30, 60],
    message: messages.tuneSaved,
    handler: ({ ctx, user, body }) => discovery.tune(ctx, user, body.settings ?? new Map()),
  }),

  route.implement(contracts.initialData, {
    rateLimit: READS,
    handler: async ({ ctx, user, query, req, reply }) => {
      const url = query.url ?? '/';
      if (!url.startsWith('/') || url.startsWith('//')) throw badRequest(messages.initialDataUrlInvalid);
      const { data, seen } = await discovery.initialData(
        ctx,
        user,
        {
          update: Boolean(query.updateRecentLastSeen),
          url,
          cookieSeen: cookieSeen(req),
        },
        (userId) => notifications.unreadCount(ctx, userId),
      );
      if (seen !== cookieSeen(req)) keepSeen(reply, seen);
      return data;
    },
  }),

  route.implement(contracts.lastSeen, {
    rateLimit: READS,
    handler: ({ ctx, user, req }) => discovery.lastSeen(ctx, user, cookieSeen(req)),
  }),

  route.implement(contracts.rating, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) =>
      discovery.rating(ctx, user?.id ?? null, {
        kind: query.kind ?? 'users',
        period: query.period ?? 'month',
        page: query.page ?? 1,
      }),
  }),

  // A company blog's details, team and cabinet (issue 32).
  route.implement(companyContracts.company, {
    rateLimit: READS,
    handler: ({ ctx, params }) => discovery.company(ctx, params.id),
  }),

  route.implement(companyContracts.saveCompany, {
    rateLimit: [30, 60],
    message: messages.companySaved,
    handler: ({ ctx, user, params, body }) => discovery.saveCompany(ctx, user, params.id, body),
  }),

  route.implement(companyContracts.team, {
    rateLimit: READS,
    handler: ({ ctx, params }) => discovery.team(ctx, params.id),
  }),

  route.implement(companyContracts.cabinet, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => discovery.cabinet(ctx, user, params.id),
  }),

  route.implement(contracts.companies, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => discovery.companies(ctx, user?.id ?? null, query.page ?? 1),
  }),

  route.implement(contracts.stats, {
    rateLimit: READS,
    handler: ({ ctx, query }) => discovery.stats(ctx, query.days ?? STATS_DAYS_DEFAULT),
  }),
];
