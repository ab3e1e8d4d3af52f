import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { EXTRACT_URL_MAX, EXTRACT_URLS_MAX } from '../extract.ts';
import { emptyAs, flagField, listField, plainBody, withoutControlChars } from '../validation.ts';
import { VIDEO_SERVICES } from '../video.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Link previews (spec/foundation.md §7): what outside and our own addresses turn into in the editor and comments. */

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

/** An outside picture: media-entity-like (spec/foundation.md §3: a uuid starting with http is used as is). */
export const extractImage = z.object({ uuid: z.string(), width: z.number(), height: z.number() });

export const linkCard = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  image: extractImage.nullable(),
  favicon: z.string(),
  site_name: z.string(),
});

export const videoEmbed = z.object({
  service: z.enum(VIDEO_SERVICES),
  id: z.string(),
  /** The address the author pasted. */
  url: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  /** Seconds from the start, from `t=` / `start=`. */
  timecode: z.number().optional(),
});

export const telegramEmbed = z.object({ url: z.string(), channel: z.string(), post: z.number().int() });
export const xEmbed = z.object({ url: z.string(), id: z.string() });

const cardPerson = z.object({ name: z.string(), url: z.string(), avatar_url: z.string().nullable() });

export const entryCardData = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  image: extractImage.nullable(),
  date: z.string(),
  author: cardPerson,
  subsite: z.object({ name: z.string(), url: z.string() }),
});

export const commentCardData = z.object({
  id: z.number().int(),
  url: z.string(),
  text: z.string(),
  date: z.string(),
  author: cardPerson,
  entry: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
});

export const subsiteCardData = z.object({
  id: z.number().int(),
  url: z.string(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  avatar_url: z.string().nullable(),
});

const results = [
  z.object({ type: z.literal('link'), data: linkCard }),
  z.object({ type: z.literal('video'), data: videoEmbed }),
  z.object({ type: z.literal('telegram'), data: telegramEmbed }),
  z.object({ type: z.literal('x'), data: xEmbed }),
  z.object({ type: z.literal('entry'), data: entryCardData }),
  z.object({ type: z.literal('comment'), data: commentCardData }),
  z.object({ type: z.literal('subsite'), data: subsiteCardData }),
  /** The address could not be read: the Russian message says why. */
  z.object({ type: z.literal('error'), data: z.object({ url: z.string(), message: z.string() }) }),
] as const;

/** What one address turned into, in the order asked. */
export const extractResult = z.discriminatedUnion('type', results);

/** Reads the pages behind the addresses (fetched by the server, so only signed-in, unbanned people may ask). */
export const extract = contract({
  method: 'GET',
  path: '/andropov/extract',
  access: 'active',
  query: extractQuery,
  response: z.object({ result: z.array(extractResult) }),
});
export type ExtractData = ContractOutput<typeof extract>;

/** The same, each result with its card rendered as HTML (`html`). */
export const extractRender = contract({
  method: 'GET',
  path: '/andropov/extract/render',
  access: 'active',
  query: extractQuery,
  response: z.object({ result: z.array(z.intersection(extractResult, z.object({ html: z.string() }))) }),
});
