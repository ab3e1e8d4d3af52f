import * as contracts from '../../../shared/api/distributions.ts';
import * as analyticsContracts from '../../../shared/api/analytics.ts';
import * as boosterContracts from '../../../shared/api/booster.ts';
import * as promotionContracts from '../../../shared/api/promotion.ts';
import { messages } from '../../../shared/catalogue.ts';
import { Said } from '../../lib/answers.ts';
import { deviceFingerprint } from '../../http/fingerprint.ts';
import { READS, route } from '../../http/route.ts';
import * as analytics from './analytics.ts';
import * as booster from './booster.ts';
import * as promotion from './promotion.ts';
import * as reading from './reading.ts';
import * as reports from './report.ts';
import * as ads from './service.ts';

/** A transparent 1×1 GIF: the probes' answer. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const STATE_MESSAGES = {
  launched: messages.distributionLaunched,
  not_launched: messages.distributionStopped,
  archived: messages.distributionArchivedDone,
} as const;

export const distributionsRoutes = [
  route.implement(contracts.random, {
    rateLimit: READS,
    handler: ({ ctx, user, query, req }) => ads.random(ctx, user, query, req.ip),
  }),

  route.implement(contracts.hit, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, params, body, req }) => ads.hit(ctx, user, params.id, body.place, req.ip),
  }),

  route.implement(contracts.staffList, {
    rateLimit: READS,
    handler: ({ ctx }) => ads.staffList(ctx),
  }),

  route.implement(contracts.create, {
    rateLimit: [60, 3600],
    message: messages.distributionCreated,
    handler: ({ ctx, user, body }) => ads.create(ctx, user, body),
  }),

  route.implement(contracts.edit, {
    rateLimit: [120, 3600],
    message: messages.distributionSaved,
    handler: ({ ctx, params, body }) => ads.edit(ctx, params.id, body),
  }),

  route.implement(contracts.setState, {
    rateLimit: [120, 3600],
    handler: async ({ ctx, params, body }) =>
      new Said(await ads.setState(ctx, params.id, body.state), STATE_MESSAGES[body.state]),
  }),

  route.implement(contracts.setPrices, {
    rateLimit: [30, 3600],
    message: messages.adPricesSaved,
    handler: ({ ctx, body }) => ads.setPrices(ctx, body),
  }),

  route.implement(contracts.requests, {
    rateLimit: READS,
    handler: ({ ctx }) => ads.requests(ctx),
  }),

  // A page sends its events every few seconds and when it is left: 60 batches a minute is far above a reader's pace.
  route.implement(analyticsContracts.analyticsEvent, {
    rateLimit: [60, 60],
    handler: ({ ctx, user, body, req }) => analytics.ingest(ctx, user, body, req.ip, deviceFingerprint(req)),
  }),

  route.implement(analyticsContracts.entryReading, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => reading.entryReading(ctx, user, params.id),
  }),

  route.implement(analyticsContracts.report, {
    rateLimit: READS,
    handler: ({ ctx, user }) => reports.report(ctx, user),
  }),

  route.implement(analyticsContracts.reportOne, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => reports.reportOne(ctx, user, params.id),
  }),

  route.implement(boosterContracts.offer, {
    rateLimit: READS,
    handler: ({ ctx, user, params, query }) => booster.offer(ctx, user, params.entry_id, query),
  }),

  route.implement(boosterContracts.buy, {
    rateLimit: [20, 3600],
    message: messages.boosterBought,
    handler: ({ ctx, user, params, body }) => booster.buy(ctx, user, params.entry_id, body),
  }),

  route.implement(promotionContracts.topups, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => promotion.topups(ctx, user, params.id),
  }),

  route.implement(promotionContracts.fromBalance, {
    rateLimit: [20, 60],
    message: messages.promotionToppedUp,
    handler: ({ ctx, user, params, body }) => promotion.topUpFromBalance(ctx, user, params.id, body.amount),
  }),

  route.implement(promotionContracts.byCard, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, params, body, req }) =>
      promotion.topUpByCard(ctx, user, params.id, body.amount, {
        email: body.email,
        order: body.order,
        cryptogram: body.cryptogram,
        ip: req.ip,
      }),
  }),
];

/** At the site root: the advertisers' form and the ad-block probes. */
export const distributionsRootRoutes = [
  route.implement(contracts.sendRequest, {
    rateLimit: [5, 3600],
    message: messages.adRequestSent,
    handler: ({ ctx, user, body }) => ads.sendRequest(ctx, user, body),
  }),
  ...[contracts.advertGif, contracts.pixel].map((c) =>
    route.implement(c, {
      // A probe must answer as fast as a file: a limit would read as a blocker.
      rateLimit: 'none',
      handler: ({ reply }) => reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(GIF),
    }),
  ),
];
