import * as contracts from '../../../shared/api/entries.ts';
import { READS, route } from '../../http/route.ts';
import { Said } from '../../lib/answers.ts';
import * as entries from './service.ts';
import { regionOf } from './fields.ts';

/** Writing and reading entries (spec/content.md). */
export const entriesRoutes = [
  // The message says what the save did (saved, published, updated): it comes from the service.
  route.implement(contracts.save, {
    rateLimit: [30, 60],
    handler: async ({ ctx, user, body }) => {
      const { entry, rm } = await entries.save(ctx, user, body);
      return new Said({ entry }, rm);
    },
  }),

  route.implement(contracts.forEdit, {
    rateLimit: READS,
    handler: async ({ ctx, user, params }) => ({ entry: await entries.entryForEdit(ctx, user, params.id) }),
  }),

  // The way back to a draft after the editor closed: the signed-in user's own, newest change first.
  route.implement(contracts.drafts, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, query }) => entries.drafts(ctx, user, query.last_id ?? null),
  }),

  // The editor popup's subsite choice (the /writing page gets the same list from its loader).
  route.implement(contracts.targets, {
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ targets: await entries.writingTargets(ctx, user) }),
  }),

  route.implement(contracts.read, {
    rateLimit: READS,
    handler: async ({ ctx, user, params, query, req }) => ({
      entry: await entries.entryForApi(ctx, user, params.id, {
        access: query.access,
        region: regionOf(ctx, req.headers),
        app: req.viaToken,
      }),
    }),
  }),
];
