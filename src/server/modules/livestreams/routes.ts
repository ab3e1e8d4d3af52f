import * as contracts from '../../../shared/api/livestreams.ts';
import { messages } from '../../../shared/catalogue.ts';
import { READS, route } from '../../http/route.ts';
import * as streams from './service.ts';

/** A manager saves and switches a few times an hour; the limit stops a script. */
const CHANGES: [number, number] = [30, 60];
/**
 * A player asks for the playlist every target duration (2–10 s) and for each segment once; several tabs, a seek and
 * a quality switch ask more. 600 a minute holds a reader's player with room, and stops a scraper.
 */
const PLAYING: [number, number] = [600, 60];

/** Live streams (spec/content.md §7 "Live stream settings"; issue 28 point 4). */
export const livestreamsRoutes = [
  route.implement(contracts.settings, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => streams.settings(ctx, user, query.subsite_id ?? null),
  }),

  route.implement(contracts.save, {
    rateLimit: CHANGES,
    message: messages.liveStreamSaved,
    handler: ({ ctx, user, body }) =>
      streams.save(ctx, user, {
        subsiteId: body.subsite_id ?? null,
        sourceUrl: body.source_url,
        title: body.title,
        coverUrl: body.cover_url ?? null,
        access: body.access,
      }),
  }),

  route.implement(contracts.enable, {
    rateLimit: CHANGES,
    message: messages.liveStreamEnabled,
    handler: ({ ctx, user, body }) => streams.setEnabled(ctx, user, body.subsite_id ?? null, true),
  }),

  route.implement(contracts.disable, {
    rateLimit: CHANGES,
    message: messages.liveStreamDisabled,
    handler: ({ ctx, user, body }) => streams.setEnabled(ctx, user, body.subsite_id ?? null, false),
  }),

  route.implement(contracts.play, {
    rateLimit: READS,
    handler: ({ ctx, params, query }) => streams.play(ctx, params.id, query.token),
  }),

  route.implement(contracts.hls, {
    rateLimit: PLAYING,
    handler: async ({ ctx, params, query, reply }) => {
      const part = await streams.hls(ctx, params.id, query);
      // Live playlists change every few seconds; segments do not, but a Plus stream's stay out of shared caches.
      const live = part.type === 'application/vnd.apple.mpegurl';
      return reply
        .header('content-type', part.type)
        .header('cache-control', live ? 'no-cache' : 'private, max-age=60')
        .send(part.body);
    },
  }),
];
