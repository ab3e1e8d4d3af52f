import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  RATING_KINDS,
  RATING_PERIODS,
  STATS_DAYS_DEFAULT,
  STATS_DAYS_MAX,
  TUNE_MAX,
  TUNE_MODES,
  type TuneMode,
} from '../../../shared/discovery.ts';
import { RECENT_SEEN_COOKIE, RECENT_SEEN_DAYS } from '../../../shared/feed.ts';
import { flagField, idField, intField, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import { badRequest } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import * as notifications from '../notifications/service.ts';
import * as discovery from './service.ts';

/** `settings[12]=1&settings[40]=0` (or a JSON object): subsite id → 0|1, at most TUNE_MAX; none means 'skip'. */
const tuneSettings = z.record(z.string(), z.unknown(), { error: messages.tuneSettingsInvalid }).transform((rec, c) => {
  const out = new Map<number, 0 | 1>();
  for (const [key, value] of Object.entries(rec)) {
    const id = idField(messages.tuneSettingsInvalid).safeParse(key);
    const on = flagField(messages.tuneSettingsInvalid).safeParse(value);
    if (!id.success || !on.success) {
      c.addIssue({ code: 'custom', message: messages.tuneSettingsInvalid });
      return z.NEVER;
    }
    out.set(id.data, on.data ? 1 : 0);
  }
  if (out.size > TUNE_MAX) {
    c.addIssue({ code: 'custom', message: messages.tuneSettingsTooMany(TUNE_MAX) });
    return z.NEVER;
  }
  return out;
});

const pageField = intField(messages.badRequest, 1, 1000).optional();
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
  route.get('/subsites/tune-html', {
    access: 'user',
    rateLimit: READS,
    // `mode` shares its name with the transport's `mode=raw` (accepted on every route), so any other value is 'popup'.
    query: plainBody({}),
    handler: ({ ctx, user, query }) =>
      discovery.tuneOffer(
        ctx,
        user.id,
        (TUNE_MODES as readonly string[]).includes(query.mode ?? '') ? (query.mode as TuneMode) : 'popup',
      ),
  }),

  route.post('/subsites/tune', {
    access: 'active',
    rateLimit: [30, 60],
    body: plainBody({ settings: tuneSettings.optional() }),
    message: messages.tuneSaved,
    handler: ({ ctx, user, body }) => discovery.tune(ctx, user.id, body.settings ?? new Map()),
  }),

  route.get('/initialData', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({
      updateRecentLastSeen: flagField(messages.feedFlagInvalid).optional(),
      url: withoutControlChars(z.string({ error: messages.initialDataUrlInvalid }))
        .pipe(z.string().max(2000, messages.initialDataUrlInvalid))
        .optional(),
    }),
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

  route.get('/recent/lastSeen', {
    access: 'anyone',
    rateLimit: READS,
    handler: ({ ctx, user, req }) => discovery.lastSeen(ctx, user, cookieSeen(req)),
  }),

  route.get('/rating', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({
      kind: z.enum(RATING_KINDS, { error: messages.ratingKindInvalid }).optional(),
      period: z.enum(RATING_PERIODS, { error: messages.ratingPeriodInvalid }).optional(),
      page: pageField,
    }),
    handler: ({ ctx, user, query }) =>
      discovery.rating(ctx, user?.id ?? null, {
        kind: query.kind ?? 'users',
        period: query.period ?? 'month',
        page: query.page ?? 1,
      }),
  }),

  route.get('/companies', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({ page: pageField }),
    handler: ({ ctx, user, query }) => discovery.companies(ctx, user?.id ?? null, query.page ?? 1),
  }),

  route.get('/stats', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({
      days: intField(messages.statsDaysInvalid(STATS_DAYS_MAX), 7, STATS_DAYS_MAX).optional(),
    }),
    handler: ({ ctx, query }) => discovery.stats(ctx, query.days ?? STATS_DAYS_DEFAULT),
  }),
];
