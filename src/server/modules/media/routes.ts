import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { FILE_FIELD, FILE_NAME_MAX, fileIndex } from '../../../shared/media.ts';
import { flagField, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import { IMMUTABLE, matches, sendRange } from './delivery.ts';
import * as media from './service.ts';
import { create as contentDisposition } from 'content-disposition';

// Accepted for the spec's client; the answer is the same entities either way (the page renders them itself).
const renderField = flagField(messages.entryFlagInvalid).optional();

const fileValue = z.union([z.instanceof(Buffer), z.array(z.instanceof(Buffer))], { error: messages.mediaFieldInvalid });
const uploadBody = plainBody({
  render: renderField,
  files: z
    .record(z.string(), fileValue, { error: messages.mediaNoFiles })
    .refine((f) => Object.keys(f).every((k) => FILE_FIELD.test(k)), messages.mediaFieldInvalid)
    .optional()
    // The files in the order sent.
    .transform((f) =>
      Object.entries(f ?? {})
        .sort(([a], [b]) => fileIndex(a) - fileIndex(b))
        .flatMap(([, v]) => (Array.isArray(v) ? v : [v])),
    ),
});

const URLS_MAX = 100;
const urlsBody = plainBody({
  render: renderField,
  urls: z
    .union([z.string(), z.array(z.string({ error: messages.mediaUrlInvalid }))], { error: messages.mediaUrlsRequired })
    .transform((u) => (Array.isArray(u) ? u : [u]))
    .pipe(
      z
        .array(
          withoutControlChars(z.string()).trim().min(1, messages.mediaUrlsRequired).max(2000, messages.mediaUrlInvalid),
        )
        .min(1, messages.mediaUrlsRequired)
        .max(URLS_MAX, messages.mediaTooMany(URLS_MAX)),
    ),
});

/**
 * `POST /andropov/upload`, `POST /andropov/upload/urls` (spec/foundation.md §7). The access is checked before a
 * single byte of the files is read; the multipart limits come from the configuration.
 */
export function mediaRoutes(config: Pick<Config, 'uploadMaxMb' | 'uploadMaxFiles'>) {
  const maxFileBytes = config.uploadMaxMb * 1024 * 1024;
  return [
    route.post('/andropov/upload', {
      access: 'active',
      rateLimit: [30, 60],
      config: {
        // One byte over the limit marks a file as too large (answered per file, not by failing the whole request);
        // one file over the count reaches the route and is answered with the catalogue's message.
        multipartOptions: {
          limits: { fileSize: maxFileBytes + 1, files: config.uploadMaxFiles + 1 },
          throwFileSizeLimit: false,
        } as FastifyContextConfig['multipartOptions'],
      },
      body: uploadBody,
      handler: async ({ ctx, user, body }) => ({ result: await media.upload(ctx, user, body.files) }),
    }),

    // One file of any allowed kind (a message's attachment): pdf, archives, office documents, UTF-8 text, or media.
    route.post('/andropov/upload/file', {
      access: 'active',
      rateLimit: [30, 60],
      config: {
        multipartOptions: {
          limits: { fileSize: maxFileBytes + 1, files: 2 },
          throwFileSizeLimit: false,
        } as FastifyContextConfig['multipartOptions'],
      },
      body: plainBody({
        files: z
          .object({ file: z.instanceof(Buffer, { error: messages.mediaNoFiles }) }, { error: messages.mediaNoFiles })
          .strict(),
        name: withoutControlChars(z.string({ error: messages.mediaFileNameInvalid }))
          .trim()
          .min(1, messages.mediaFileNameInvalid)
          .max(FILE_NAME_MAX, messages.mediaFileNameInvalid),
      }),
      handler: async ({ ctx, user, body }) => ({
        result: await media.uploadFile(ctx, user, body.files.file, body.name),
      }),
    }),

    route.post('/andropov/upload/urls', {
      access: 'active',
      rateLimit: [30, 60],
      body: urlsBody,
      handler: async ({ ctx, user, body }) => ({ result: await media.uploadUrls(ctx, user, body.urls) }),
    }),
  ];
}

const deliveryParams = z.object({ uuid: z.string(), '*': z.string().optional() });
/** Delivery ignores query strings (cache busters and the like) but a file's `name`: the path names the file. */
const anyQuery = z.record(z.string(), z.unknown());

const deliver = route.get('/media/:uuid', {
  access: 'anyone',
  // No limit: a page's pictures come in bursts; the answer is a stored, cached file.
  rateLimit: 'none',
  params: deliveryParams,
  query: anyQuery,
  raw: true,
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

/** `{media base}/{uuid}/` with filter segments: originals and stored derivatives (root routes, raw answers). */
export const mediaRootRoutes = [deliver, { ...deliver, url: '/media/:uuid/*' }];
