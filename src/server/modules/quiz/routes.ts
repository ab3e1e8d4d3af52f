import * as contracts from '../../../shared/api/quiz.ts';
import { READS, route } from '../../http/route.ts';
import { deviceFingerprint as fingerprint } from '../../http/fingerprint.ts';
import * as quiz from './service.ts';

/** A voter clicks once per quiz; the limit leaves room for a page of quizzes and stops a script. */
const VOTES: [number, number] = [60, 60];

/** Quizzes (spec/content.md §7). */
export const quizRoutes = [
  route.implement(contracts.bundleResult, {
    rateLimit: READS,
    handler: ({ ctx, user, query, req }) => {
      fingerprint(req);
      return quiz.bundle(ctx, user, query.hashes);
    },
  }),
  route.implement(contracts.randomResults, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => quiz.randomResults(ctx, user, params.hash, params.itemHash),
  }),
  route.implement(contracts.vote, {
    rateLimit: VOTES,
    handler: ({ ctx, user, params, req }) =>
      quiz.vote(ctx, user, {
        hash: params.hash,
        entryId: params.id,
        items: [params.option],
        deviceToken: fingerprint(req),
      }),
  }),
  route.implement(contracts.voteMany, {
    rateLimit: VOTES,
    handler: ({ ctx, user, params, body, req }) =>
      quiz.vote(ctx, user, { hash: params.hash, entryId: params.id, items: body.items, deviceToken: fingerprint(req) }),
  }),
];
