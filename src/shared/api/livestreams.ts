import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { LIVE_STREAM_ACCESS, LIVE_STREAM_KINDS, LIVE_STREAM_LIMITS } from '../livestreams.ts';
import { recognizeStreamSource } from '../livestream-source.ts';
import { idField, parentIdField, plainBody, withoutControlChars } from '../validation.ts';
import { mediaUrlField, text } from './accounts.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * Live streams (issue 28 point 4; spec/content.md §7 "Live stream settings: /private/liveStream/settings, /disable,
 * /enable"). A stream belongs to a subsite (`subsite_id`) or, without one, to the whole site; the player's calls give
 * the source only to those who may watch (a Plus stream: with a Plus reader's live token, `/live/token/update`).
 */

const int = z.number().int();

/** The stream's subsite; absent, null, '' or 0: the whole site's stream. */
const subsiteField = parentIdField(messages.liveStreamSubsiteInvalid).optional();

const sourceField = withoutControlChars(
  z.string({ error: (iss) => (iss.input === undefined ? messages.liveStreamSourceRequired : messages.wrongType) }),
)
  .max(LIVE_STREAM_LIMITS.url * 2, messages.liveStreamSourceTooLong(LIVE_STREAM_LIMITS.url))
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, messages.liveStreamSourceRequired)
      .max(LIVE_STREAM_LIMITS.url, messages.liveStreamSourceTooLong(LIVE_STREAM_LIMITS.url))
      .refine((s) => recognizeStreamSource(s) !== null, messages.liveStreamSourceInvalid),
  );

/** A Plus reader's live token as `/live/token/update` gives it: `{userId}.{expires}.{signature}`. */
const tokenField = withoutControlChars(z.string({ error: messages.liveStreamTokenInvalid })).refine(
  (s) => /^\d{1,10}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/.test(s),
  messages.liveStreamTokenInvalid,
);

const subsiteRef = z.object({ id: int, name: z.string(), url: z.string() });

/** A stream as its managers see it; `id` null and empty fields until it is first saved. */
export const liveStreamSettings = z.object({
  id: int.nullable(),
  /** Null: the whole site's stream. */
  subsite: subsiteRef.nullable(),
  source_url: z.string(),
  kind: z.enum(LIVE_STREAM_KINDS).nullable(),
  title: z.string(),
  cover_url: z.string().nullable(),
  access: z.enum(LIVE_STREAM_ACCESS),
  is_enabled: z.boolean(),
  /** ISO 8601; null while it was never on. */
  enabled_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type LiveStreamSettings = z.output<typeof liveStreamSettings>;

/** A stream that is on, as the layout's livestream slot shows it: no source here (`/liveStream/{id}/play` gives it). */
export const liveStreamCard = z.object({
  id: int,
  /** Changes each time the stream is turned on: a reader's closing holds for this key (the closed cookie). */
  key: z.string(),
  kind: z.enum(LIVE_STREAM_KINDS),
  title: z.string(),
  cover_url: z.string().nullable(),
  access: z.enum(LIVE_STREAM_ACCESS),
  subsite: subsiteRef.nullable(),
});
export type LiveStreamCard = z.output<typeof liveStreamCard>;

const manageErrors = [
  'live_stream_subsite_invalid',
  'live_stream_subsite_not_found',
  'live_stream_site_forbidden',
  'live_stream_forbidden',
] as const;

/** The settings of the site's stream (staff) or of a subsite's (its owner and admins, staff). */
export const settings = contract({
  method: 'GET',
  path: '/private/liveStream/settings',
  access: 'active',
  query: plainBody({ subsite_id: subsiteField }),
  response: liveStreamSettings,
  errors: manageErrors,
});

/** Saves the source, title, cover and audience; a stream that is on plays the new settings at once. */
export const save = contract({
  method: 'POST',
  path: '/private/liveStream/settings',
  access: 'active',
  body: plainBody({
    subsite_id: subsiteField,
    source_url: sourceField,
    title: text(
      messages.liveStreamTitleRequired,
      LIVE_STREAM_LIMITS.title,
      messages.liveStreamTitleTooLong(LIVE_STREAM_LIMITS.title),
    ).pipe(z.string().min(1, messages.liveStreamTitleRequired)),
    cover_url: mediaUrlField.optional(),
    access: z.enum(LIVE_STREAM_ACCESS, { error: messages.liveStreamAccessInvalid }),
  }),
  response: liveStreamSettings,
  errors: [
    ...manageErrors,
    'live_stream_source_required',
    'live_stream_source_invalid',
    'live_stream_source_too_long',
    'live_stream_source_refused',
    'live_stream_title_required',
    'live_stream_title_too_long',
    'live_stream_access_invalid',
    'image_url_invalid',
  ],
});

/** Turns the saved stream on: the layout's slot shows it from the next page on. */
export const enable = contract({
  method: 'POST',
  path: '/private/liveStream/enable',
  access: 'active',
  body: plainBody({ subsite_id: subsiteField }),
  response: liveStreamSettings,
  errors: [...manageErrors, 'live_stream_not_saved'],
});

/** Turns the stream off; its settings stay for the next time. */
export const disable = contract({
  method: 'POST',
  path: '/private/liveStream/disable',
  access: 'active',
  body: plainBody({ subsite_id: subsiteField }),
  response: liveStreamSettings,
  errors: [...manageErrors, 'live_stream_not_saved'],
});

const streamParams = z.object({ id: idField(messages.liveStreamIdInvalid) });

/**
 * What the player plays: the site's HLS address (`/v3.0/liveStream/{id}/hls`, the token in it) or the VK Video /
 * YouTube player's. A Plus stream needs a valid live token of a reader who has Plus now: else 402.
 */
export const play = contract({
  method: 'GET',
  path: '/liveStream/:id/play',
  access: 'anyone',
  params: streamParams,
  query: plainBody({ token: tokenField.optional() }),
  response: z.object({ kind: z.enum(LIVE_STREAM_KINDS), url: z.string() }),
  errors: ['live_stream_id_invalid', 'live_stream_not_found', 'live_stream_plus_required', 'live_stream_token_invalid'],
});
export type LiveStreamPlay = ContractOutput<typeof play>;

/**
 * An HLS stream through the site: without `u` the source playlist, else a playlist or segment it names (`u`, its
 * address in base64url, signed by the site as `s`). Playlists come back with every address rewritten to this route,
 * so the reader never fetches the source, and a Plus stream's parts each ask the token again.
 */
export const hls = contract({
  method: 'GET',
  path: '/liveStream/:id/hls',
  access: 'anyone',
  params: streamParams,
  query: plainBody({
    token: tokenField.optional(),
    u: z
      .string({ error: messages.liveStreamPartInvalid })
      .regex(/^[A-Za-z0-9_-]{1,4000}$/, messages.liveStreamPartInvalid)
      .optional(),
    s: z
      .string({ error: messages.liveStreamPartInvalid })
      .regex(/^[A-Za-z0-9_-]{43}$/, messages.liveStreamPartInvalid)
      .optional(),
  }).refine((q) => (q.u === undefined) === (q.s === undefined), {
    message: messages.liveStreamPartInvalid,
    path: ['u'],
  }),
  raw: {
    type: 'application/vnd.apple.mpegurl',
    description: 'An HLS playlist with its addresses rewritten to this route, or a segment as the source sent it',
  },
  errors: [
    'live_stream_id_invalid',
    'live_stream_not_found',
    'live_stream_plus_required',
    'live_stream_token_invalid',
    'live_stream_part_invalid',
    'live_stream_unavailable',
  ],
});
