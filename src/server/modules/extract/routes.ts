import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { EXTRACT_URL_MAX, EXTRACT_URLS_MAX } from '../../../shared/extract.ts';
import { emptyAs, flagField, listField, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import { route } from '../../http/route.ts';
import { withHtml } from './render.ts';
import { extract } from './service.ts';

const urlField = withoutControlChars(z.string({ error: messages.extractUrlInvalid }))
  .trim()
  .max(EXTRACT_URL_MAX, messages.extractUrlTooLong(EXTRACT_URL_MAX))
  .pipe(z.url({ protocol: /^https?$/, error: messages.extractUrlInvalid }));

/** `urls[]=…` (bracket notation); a lone `urls=…` counts as a list of one. */
const urlsField = listField(
  z
    .array(urlField, { error: (iss) => (iss.input === undefined ? messages.extractUrlsRequired : messages.wrongType) })
    .min(1, messages.extractUrlsRequired)
    .max(EXTRACT_URLS_MAX, messages.extractUrlsTooMany(EXTRACT_URLS_MAX)),
);

/** An empty `forceLink=` means the default: no. */
const forceLinkField = emptyAs(undefined, flagField(messages.extractForceLinkInvalid).default(false));

const extractQuery = plainBody({ urls: urlsField, forceLink: forceLinkField });

/**
 * `GET /andropov/extract`, `GET /andropov/extract/render` (spec/foundation.md §7). Extraction makes the server
 * fetch outside pages, so only signed-in, unbanned people (the editor and comment forms) may ask.
 */
export const extractRoutes = [
  route.get('/andropov/extract', {
    access: 'active',
    rateLimit: [30, 60],
    query: extractQuery,
    handler: async ({ ctx, user, query }) => ({ result: await extract(ctx, user, query.urls, query.forceLink) }),
  }),

  route.get('/andropov/extract/render', {
    access: 'active',
    rateLimit: [30, 60],
    query: extractQuery,
    handler: async ({ ctx, user, query }) => ({
      result: withHtml(await extract(ctx, user, query.urls, query.forceLink)),
    }),
  }),
];
