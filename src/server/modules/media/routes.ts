import type { FastifyContextConfig } from 'fastify';
import * as contracts from '../../../shared/api/media.ts';
import type { Config } from '../../config.ts';
import { READS, route } from '../../http/route.ts';
import { IMMUTABLE, matches, sendRange } from './delivery.ts';
import * as media from './service.ts';
import { visitorCookie, visitorOf } from '../hits/index.ts';
import { create as contentDisposition } from 'content-disposition';

/**
 * `POST /andropov/upload`, `POST /andropov/upload/urls` (spec/foundation.md §7). The access is checked before a
 * single byte of the files is read; the multipart limits come from the configuration.
 */
export function mediaRoutes(config: Pick<Config, 'uploadMaxMb' | 'uploadMaxFiles'>) {
  const maxFileBytes = config.uploadMaxMb * 1024 * 1024;
  // One file (a second part is read only to refuse it): a message's attachment, the gif modal's, the editor's video.
  const oneFile = {
    multipartOptions: {
      limits: { fileSize: maxFileBytes + 1, files: 2 },
      throwFileSizeLimit: false,
    } as FastifyContextConfig['multipartOptions'],
  };
  return [
    route.implement(contracts.upload, {
      rateLimit: [30, 60],
      config: {
        // One byte over the limit marks a file as too large (answered per file, not by failing the whole request);
        // one file over the count reaches the route and is answered with the catalogue's message.
        multipartOptions: {
          limits: { fileSize: maxFileBytes + 1, files: config.uploadMaxFiles + 1 },
          throwFileSizeLimit: false,
        } as FastifyContextConfig['multipartOptions'],
      },
      handler: async ({ ctx, user, body }) => ({ result: await media.upload(ctx, user, body.files) }),
    }),

    // One file of any allowed kind (a message's attachment): pdf, archives, office documents, UTF-8 text, or media.
    route.implement(contracts.uploadFile, {
      rateLimit: [30, 60],
      config: oneFile,
      handler: async ({ ctx, user, body }) => ({
        result: await media.uploadFile(ctx, user, body.files.file, body.name),
      }),
    }),

    // The attach-gif modal: one gif, by file or by link; a refusal is a Russian 400 (not an error entry).
    route.implement(contracts.uploadGif, {
      rateLimit: [30, 60],
      config: oneFile,
      handler: async ({ ctx, user, body }) => ({
        result: await media.uploadGif(ctx, user, { file: body.files[0], url: body.url }),
      }),
    }),

    // The editor's video: kept and queued (the `media.video` job makes it mp4); the answer comes at once.
    route.implement(contracts.uploadVideo, {
      rateLimit: [30, 60],
      config: oneFile,
      handler: async ({ ctx, user, body }) => ({ result: await media.uploadVideo(ctx, user, body.files.file) }),
    }),

    // Polled by the editor while the job runs (about once a second per video being made).
    route.implement(contracts.videoState, {
      rateLimit: READS,
      handler: async ({ ctx, user, params }) => ({ result: await media.videoState(ctx, user, params.uuid) }),
    }),

    route.implement(contracts.uploadUrls, {
      rateLimit: [30, 60],
      handler: async ({ ctx, user, body }) => ({ result: await media.uploadUrls(ctx, user, body.urls) }),
    }),
  ];
}

const deliver = (c: typeof contracts.deliver | typeof contracts.deliverFiltered) =>
  route.implement(c, {
    // No limit: a page's pictures come in bursts; the answer is a stored, cached file.
    rateLimit: 'none',
    handler: async ({ ctx, params, query, req, reply }) => {
      const name = typeof query.name === 'string' ? query.name : '';
      const target = await media.resolveTarget(ctx, params.uuid, params['*'] ?? '', name);
      if (matches(req.headers['if-none-match'], target.etag)) {
        return reply.code(304).header('etag', target.etag).header('cache-control', IMMUTABLE).send();
      }
      const data = await media.targetBytes(ctx, target);
      reply
        .type(target.mime)
        .header('etag', target.etag)
        .header('cache-control', IMMUTABLE)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      // A file never renders on our origin: a download, and no script even if a browser tried.
      if (target.download) {
        reply
          .header('content-disposition', contentDisposition(target.download))
          .header('content-security-policy', "default-src 'none'; sandbox");
      }
      return sendRange(req, reply, data);
    },
  });

/** Listens of audio blocks, counted like views (the anonymous listener by the views' `hit_id` cookie). */
export const listenRoutes = [
  route.implement(contracts.audioListen, {
    rateLimit: [300, 60],
    handler: ({ ctx, user, body, req, reply }) => {
      const cookieId = visitorCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return media.listen(ctx, visitorOf(user?.id ?? null, cookieId), body.entry_id, body.hash);
    },
  }),
];

/** `{media base}/{uuid}/` with filter segments: originals and stored derivatives (root routes, raw answers). */
export const mediaRootRoutes = [deliver(contracts.deliver), deliver(contracts.deliverFiltered)];
