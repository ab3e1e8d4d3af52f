import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { flag } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser } from '../auth/index.ts';
import * as media from './service.ts';

/** `file`, or `file_0`, `file_1`… as the request helper names a list of files (spec/foundation.md §7). */
const FILE_FIELD = /^file(?:_(\d{1,3}))?$/;
const fileIndex = (name: string) => Number(FILE_FIELD.exec(name)?.[1] ?? -1);

const fileValue = z.union([z.instanceof(Buffer), z.array(z.instanceof(Buffer))], { error: messages.mediaFieldInvalid });
const uploadBody = plainBody({
  // Accepted for the spec's client; the answer is the same entities either way (the page renders them itself).
  render: flag.optional(),
  files: z.record(z.string(), fileValue, { error: messages.mediaNoFiles })
    .refine((f) => Object.keys(f).every((k) => FILE_FIELD.test(k)), messages.mediaFieldInvalid)
    .optional(),
});

const URLS_MAX = 100;
const urlsBody = plainBody({
  render: flag.optional(),
  urls: z.union([z.string(), z.array(z.string({ error: messages.mediaUrlInvalid }))], { error: messages.mediaUrlsRequired })
    .transform((u) => (Array.isArray(u) ? u : [u]))
    .pipe(z.array(z.string().trim().min(1, messages.mediaUrlsRequired).max(2000, messages.mediaUrlInvalid))
      .min(1, messages.mediaUrlsRequired).max(URLS_MAX, messages.mediaTooMany(URLS_MAX))),
});

/** `POST /andropov/upload`, `POST /andropov/upload/urls` (spec/foundation.md §7). */
export async function mediaRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const maxFileBytes = ctx.config.uploadMaxMb * 1024 * 1024;
  // Signed in before a single byte of the files is read.
  const signedIn = async (req: FastifyRequest) => void requireActiveUser(req.user, ctx.now());

  app.post('/andropov/upload', {
    onRequest: signedIn,
    config: {
      ...limit(app, 30, 60),
      // One byte over the limit marks a file as too large (answered per file, not by failing the whole request);
      // one file over the count reaches the route and is answered with the catalogue's message.
      multipartOptions: {
        limits: { fileSize: maxFileBytes + 1, files: ctx.config.uploadMaxFiles + 1 },
        throwFileSizeLimit: false,
      } as FastifyContextConfig['multipartOptions'],
    },
  }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const body = parse(uploadBody, req.body);
    const files = Object.entries(body.files ?? {})
      .sort(([a], [b]) => fileIndex(a) - fileIndex(b))
      .flatMap(([, v]) => (Array.isArray(v) ? v : [v]));
    return ok({ result: await media.upload(ctx, user, files) });
  });

  app.post('/andropov/upload/urls', { onRequest: signedIn, config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const body = parse(urlsBody, req.body);
    return ok({ result: await media.uploadUrls(ctx, user, body.urls) });
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/** One `bytes=a-b` range (video players seek with them; Safari plays mp4 only when ranges work). */
function sendRange(req: FastifyRequest, reply: FastifyReply, data: Buffer) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? '').trim());
  if (!m || (!m[1] && !m[2])) return reply.send(data);
  const size = data.length;
  const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
  const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
  return reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).send(data.subarray(start, end + 1));
}

/** `{media base}/{uuid}/` with filter segments: originals and stored derivatives. */
export async function mediaRootRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  const deliver = async (req: FastifyRequest<{ Params: { uuid: string; '*'?: string } }>, reply: FastifyReply) => {
    const target = await media.resolveTarget(ctx, req.params.uuid, req.params['*'] ?? '');
    if (matches(req.headers['if-none-match'], target.etag)) {
      return reply.code(304).header('etag', target.etag).header('cache-control', IMMUTABLE).send();
    }
    const data = await media.targetBytes(ctx, target);
    reply.type(target.mime).header('etag', target.etag).header('cache-control', IMMUTABLE)
      .header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
    return sendRange(req, reply, data);
  };
  app.get('/media/:uuid', deliver);
  app.get('/media/:uuid/*', deliver);
}
