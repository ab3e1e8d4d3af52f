import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { EXTRACT_URL_MAX, EXTRACT_URLS_MAX } from '../../../shared/extract.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { assertCanExtract } from './policy.ts';
import { withHtml } from './render.ts';
import { extract } from './service.ts';

const urlField = z.string({ error: messages.extractUrlInvalid })
  .trim()
  .max(EXTRACT_URL_MAX, messages.extractUrlTooLong(EXTRACT_URL_MAX))
  .pipe(z.url({ protocol: /^https?$/, error: messages.extractUrlInvalid }));

/** `urls[]=…` (bracket notation); a lone `urls=…` counts as a list of one. */
const urlsField = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(urlField, { error: (iss) => (iss.input === undefined ? messages.extractUrlsRequired : messages.wrongType) })
    .min(1, messages.extractUrlsRequired)
    .max(EXTRACT_URLS_MAX, messages.extractUrlsTooMany(EXTRACT_URLS_MAX)),
);

const forceLinkField = z.union([z.boolean(), z.enum(['', '0', '1', 'true', 'false'])], { error: messages.extractForceLinkInvalid })
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

const extractQuery = plainBody({ urls: urlsField, forceLink: forceLinkField });

/** `GET /andropov/extract`, `GET /andropov/extract/render` (spec/foundation.md §7). */
export async function extractRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/andropov/extract', { config: limit(app, 30, 60) }, async (req) => {
    const user = assertCanExtract(req.user, ctx.now());
    const query = parse(extractQuery, req.query);
    return ok({ result: await extract(ctx, user, query.urls, query.forceLink) });
  });

  app.get('/andropov/extract/render', { config: limit(app, 30, 60) }, async (req) => {
    const user = assertCanExtract(req.user, ctx.now());
    const query = parse(extractQuery, req.query);
    return ok({ result: withHtml(await extract(ctx, user, query.urls, query.forceLink)) });
  });
}
