import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { FILE_FIELD, FILE_NAME_MAX, FILE_TYPE, fileIndex, MEDIA_TYPES } from '../media.ts';
import { flagField, idField, plainBody, withoutControlChars } from '../validation.ts';
import { QUIZ_HASH_RE } from '../quiz.ts';
import { contract } from './contract.ts';

/** Uploads and delivery of pictures, sounds and files (spec/foundation.md §7). */

/** A stored picture, video or sound (spec/foundation.md §3). */
export const mediaImage = z.object({
  uuid: z.string(),
  type: z.enum(MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** Dominant colour, six hex digits without '#'. */
  color: z.string(),
  external_service: z.array(z.unknown()),
  /** Seconds of an audio file (whole); absent for pictures and video. */
  duration: z.number().optional(),
});

/** A non-media file as the upload answers it and a message carries it. */
export const mediaFile = z.object({
  uuid: z.string(),
  type: z.literal(FILE_TYPE),
  mime: z.string(),
  size: z.number().int(),
  /** The name given at upload (the message's own; the stored file is named by its content). */
  name: z.string(),
});

const imageItem = z.object({ type: z.literal('image'), data: mediaImage });
/** One entry of an upload answer's `result`: a media entity, or a failure with a Russian message. */
export const uploadResultItem = z.discriminatedUnion('type', [
  imageItem,
  z.object({ type: z.literal('error'), data: z.object({ message: z.string() }) }),
]);
const uploadAnswer = z.object({ result: z.array(uploadResultItem) });

// Accepted for the spec's client; the answer is the same entities either way (the page renders them itself).
const renderField = flagField(messages.entryFlagInvalid).optional();

const fileValue = z.union([z.instanceof(Buffer), z.array(z.instanceof(Buffer))], { error: messages.mediaFieldInvalid });

/**
 * Pictures, video and sounds as `file`, `file_0`, `file_1` … (multipart), each answered by itself: a file too large
 * or unreadable is an error entry, the others are stored.
 */
export const upload = contract({
  method: 'POST',
  path: '/andropov/upload',
  access: 'active',
  body: plainBody({
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
  }),
  response: uploadAnswer,
  errors: ['media_no_files', 'media_field_invalid', 'media_too_many', 'entry_flag_invalid'],
});

/** One file of any allowed kind (a message's attachment): pdf, archives, office documents, UTF-8 text, or media. */
export const uploadFile = contract({
  method: 'POST',
  path: '/andropov/upload/file',
  access: 'active',
  body: plainBody({
    files: z
      .object({ file: z.instanceof(Buffer, { error: messages.mediaNoFiles }) }, { error: messages.mediaNoFiles })
      .strict(),
    name: withoutControlChars(z.string({ error: messages.mediaFileNameInvalid }))
      .trim()
      .min(1, messages.mediaFileNameInvalid)
      .max(FILE_NAME_MAX, messages.mediaFileNameInvalid),
  }),
  response: z.object({
    result: z.discriminatedUnion('type', [imageItem, z.object({ type: z.literal('file'), data: mediaFile })]),
  }),
  errors: [
    'media_no_files',
    'media_file_name_invalid',
    'media_too_large',
    'media_empty_file',
    'media_file_format_invalid',
    'media_file_not_text',
    'media_format_invalid',
    'media_broken',
    'media_pixels_too_many',
  ],
});

/**
 * An editor's video upload as its job makes it mp4 (spec/content.md §9): `processing` with `progress` 0…100, then
 * `ready` with the video's size and whether it has sound (the video block's fields), or `failed` with a Russian
 * `error`. The uuid is the video block's `mp4` from the start.
 */
export const videoUpload = z.object({
  uuid: z.string(),
  state: z.enum(['processing', 'ready', 'failed']),
  progress: z.number().int(),
  error: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  has_audio: z.boolean().optional(),
});
export type VideoUpload = z.output<typeof videoUpload>;

/** One video (mp4, mov or webm) as `file`: kept and queued for its job; the answer comes at once. */
export const uploadVideo = contract({
  method: 'POST',
  path: '/andropov/upload/video',
  access: 'active',
  body: plainBody({
    files: z
      .object({ file: z.instanceof(Buffer, { error: messages.mediaNoFiles }) }, { error: messages.mediaNoFiles })
      .strict(),
  }),
  response: z.object({ result: videoUpload }),
  errors: ['media_no_files', 'media_too_large', 'media_empty_file', 'media_video_format_invalid'],
});

/** The uploader's view of their video's job (the editor polls it); another person's uuid is not found. */
export const videoState = contract({
  method: 'GET',
  path: '/andropov/upload/video/:uuid',
  access: 'user',
  params: z.object({
    uuid: z.string({ error: messages.mediaVideoNotFound }).regex(/^[0-9a-f-]{36}$/, messages.mediaVideoNotFound),
  }),
  response: z.object({ result: videoUpload }),
  errors: ['media_video_not_found'],
});

const URLS_MAX = 100;

/** Pictures of other sites stored by their addresses (so an entry does not hotlink them), each answered by itself. */
export const uploadUrls = contract({
  method: 'POST',
  path: '/andropov/upload/urls',
  access: 'active',
  body: plainBody({
    render: renderField,
    urls: z
      .union([z.string(), z.array(z.string({ error: messages.mediaUrlInvalid }))], {
        error: messages.mediaUrlsRequired,
      })
      .transform((u) => (Array.isArray(u) ? u : [u]))
      .pipe(
        z
          .array(
            withoutControlChars(z.string())
              .trim()
              .min(1, messages.mediaUrlsRequired)
              .max(2000, messages.mediaUrlInvalid),
          )
          .min(1, messages.mediaUrlsRequired)
          .max(URLS_MAX, messages.mediaTooMany(URLS_MAX)),
      ),
  }),
  response: uploadAnswer,
  errors: ['media_urls_required', 'media_url_invalid', 'media_too_many', 'entry_flag_invalid'],
});

/**
 * The attach-gif modal (a comment's gif, the editor's media block; issue 32 point 7): one gif, by file (multipart
 * `file` or `file_0`) or by its link (`url`, fetched from public addresses only). Stored as `/andropov/upload` stores
 * it (so it plays as mp4); anything else is refused with a Russian 400: too large, not a gif, an address refused.
 */
export const uploadGif = contract({
  method: 'POST',
  path: '/andropov/upload/gif',
  access: 'active',
  body: plainBody({
    files: z
      .record(z.string(), fileValue, { error: messages.mediaGifOne })
      .optional()
      .transform((f) => Object.values(f ?? {}).flatMap((v) => (Array.isArray(v) ? v : [v]))),
    url: withoutControlChars(z.string({ error: messages.mediaUrlInvalid }))
      .trim()
      .min(1, messages.mediaUrlInvalid)
      .max(2000, messages.mediaUrlInvalid)
      .optional(),
  }).refine((b) => (b.files.length === 1) !== (b.url !== undefined), { message: messages.mediaGifOne, path: ['url'] }),
  response: z.object({ result: imageItem }),
  errors: [
    'media_gif_one',
    'media_field_invalid',
    'media_url_invalid',
    'media_url_refused',
    'media_url_timeout',
    'media_url_redirects',
    'media_url_network',
    'media_too_large',
    'media_format_invalid',
    'media_broken',
    'media_pixels_too_many',
    'media_gif_only',
  ],
});

const deliveryParams = z.object({ uuid: z.string(), '*': z.string().optional() });
/** Delivery ignores query strings (cache busters and the like) but a file's `name`: the path names the file. */
const anyQuery = z.record(z.string(), z.unknown());

/** A stored file: the original, or with filter segments after the uuid a derivative (root routes, not under /v3.0). */
export const deliver = contract({
  method: 'GET',
  path: '/media/:uuid',
  access: 'anyone',
  params: deliveryParams,
  query: anyQuery,
  raw: {
    type: 'application/octet-stream',
    description:
      "The stored bytes in the file's own media type (pictures, video, sound, a document as a download), ranges " +
      'answered, immutable with an ETag',
  },
  errors: [
    'media_not_found',
    'media_filter_invalid',
    'media_filter_repeated',
    'media_file_no_filters',
    'media_video_no_filters',
    'media_audio_no_filters',
    'media_mp4_only_gif',
  ],
});
/** The same with filter segments: `/media/{uuid}/-/scale_crop/700x394/-/format/webp/`. */
export const deliverFiltered = contract({ ...deliver, path: '/media/:uuid/*' });

/**
 * A reader started an audio block (spec/content.md §3 Audio `listens`): counted like views, one per listener per
 * block per UTC day. Answers the block's listens.
 */
export const audioListen = contract({
  method: 'POST',
  path: '/audio/listen',
  access: 'anyone',
  body: plainBody({
    entry_id: idField(messages.entryIdInvalid),
    hash: withoutControlChars(z.string({ error: messages.audioHashInvalid })).pipe(
      z.string().regex(QUIZ_HASH_RE, messages.audioHashInvalid),
    ),
  }),
  response: z.object({
    listens: z.number().int(),
    /** Whether this call counted a new listen of the listener's day. */
    is_listened: z.boolean(),
  }),
  errors: ['entry_id_invalid', 'audio_hash_invalid', 'audio_not_found'],
});
