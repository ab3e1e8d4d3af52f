import { z } from 'zod';
import { messages } from './catalogue.ts';
import { formatNumber } from './format.ts';
import { AUDIO_TYPES, IMAGE_TYPES, mediaUrl } from './media.ts';
import { anyControlChars, collapse } from './validation.ts';
import { VIDEO_SERVICES } from './video.ts';
import { QUIZ_HASH_RE, QUIZ_ITEMS_MAX, QUIZ_ITEMS_MIN } from './quiz.ts';

/**
 * Entry blocks: one schema for the server's validation and the page renderer's types.
 * A block is `{type, data, cover?, hidden?}`; `hidden` puts it behind a spoiler, `cover` makes it the feed card's cover.
 * Fields named in INLINE_HTML carry inline HTML (sanitized on the server when saved); every other string is plain text.
 */

export const ENTRY_TITLE_MAX = 120;
export const ENTRY_BLOCKS_MAX = 200;
export const BLOCK_TEXT_MAX = 20_000;
export const ENTRY_JSON_MAX_KB = 500;
/** Captions, titles and names inside blocks. */
export const FIELD_MAX = 1000;
const URL_MAX = 2000;
const LIST_ITEMS_MAX = 100;
const MEDIA_ITEMS_MAX = 50;
const IMAGE_SIDE_MAX = 20_000;
/** A day of video is more than any service hosts. */
export const TIMECODE_MAX = 86_400;
/** Far above any upload limit an operator would set; only there to keep nonsense out (sounds and pictures). */
const AUDIO_SIZE_MAX = 10 * 1024 ** 3;

/** The block fields that hold inline HTML, by block type. */
export const INLINE_HTML = {
  text: ['text'],
  list: ['items'],
  quote: ['text'],
  incut: ['text'],
  warning: ['text'],
} as const satisfies Record<string, readonly string[]>;

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

const str = () => z.string({ error: messages.wrongType });
const inlineHtml = str().max(BLOCK_TEXT_MAX, messages.entryBlockTextTooLong(formatNumber(BLOCK_TEXT_MAX)));
const plain = (max = FIELD_MAX) => str().max(max, messages.entryBlockFieldTooLong(max));
/** A plain field that must say something (a quiz's question, its options). */
const filled = (required: string) => plain().refine((v) => v.trim() !== '', required);
const quizHash = str().regex(QUIZ_HASH_RE, messages.entryQuizHashInvalid);
const httpUrl = str().max(URL_MAX, messages.entryBlockUrlInvalid).refine(isHttpUrl, messages.entryBlockUrlInvalid);

/** A 0/1 flag as JSON (`true`, `1`) or a form field (`'1'`, `'true'`) sends it. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
    error: messages.entryFlagInvalid,
  })
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const side = z
  .number({ error: messages.entryBlockImageInvalid })
  .int(messages.entryBlockImageInvalid)
  .positive(messages.entryBlockImageInvalid)
  .max(IMAGE_SIDE_MAX, messages.entryBlockImageInvalid);

const MEDIA_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An uploaded image (uuid from the media store) or an outside one (url); its size is known for layout and zoom. */
export const image = z
  .strictObject(
    {
      uuid: str().regex(MEDIA_UUID, messages.entryBlockImageInvalid).optional(),
      url: httpUrl.optional(),
      width: side,
      height: side,
      // From the upload answer: the dominant colour paints the space while the picture loads; a gif plays as mp4.
      color: str()
        .regex(/^([0-9a-f]{6})?$/i, messages.entryBlockImageInvalid)
        .optional(),
      type: z.enum(IMAGE_TYPES, { error: messages.entryBlockImageInvalid }).optional(),
      // The stored file's length in bytes, as the upload answered it: an RSS enclosure must say it.
      size: z
        .number({ error: messages.entryBlockImageInvalid })
        .int(messages.entryBlockImageInvalid)
        .min(0, messages.entryBlockImageInvalid)
        .max(AUDIO_SIZE_MAX, messages.entryBlockImageInvalid)
        .optional(),
    },
    { error: messages.entryBlockImageInvalid },
  )
  .refine((i) => Boolean(i.uuid || i.url), messages.entryBlockImageInvalid);

/** An entry's own card cover (`custom_cover`): an image as a media block holds it. */
export type CoverImage = z.output<typeof image>;

const dataOf = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? messages.unknownField((iss.keys ?? []).join(', '))
        : messages.entryBlockInvalid,
  });

const block = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject(
    {
      type: z.literal(type),
      data: dataOf(shape),
      cover: flag.optional(),
      hidden: flag.optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? messages.unknownField((iss.keys ?? []).join(', '))
          : messages.entryBlockInvalid,
    },
  );

const blockSchemas = [
  block('text', { text: inlineHtml }),
  block('header', {
    text: plain(),
    level: z.union([z.literal(2), z.literal(3)], { error: messages.entryBlockInvalid }),
  }),
  block('list', {
    style: z.enum(['unordered', 'ordered'], { error: messages.entryBlockInvalid }),
    items: z
      .array(inlineHtml, { error: messages.entryBlockInvalid })
      .min(1, messages.entryBlockInvalid)
      .max(LIST_ITEMS_MAX, messages.entryListTooLong(LIST_ITEMS_MAX)),
  }),
  block('quote', { text: inlineHtml, caption: plain().optional() }),
  block('incut', { text: inlineHtml }),
  block('media', {
    items: z
      .array(
        z.strictObject(
          { image, title: plain().optional(), author: plain().optional() },
          { error: messages.entryBlockImageInvalid },
        ),
        { error: messages.entryBlockInvalid },
      )
      .min(1, messages.entryBlockInvalid)
      .max(MEDIA_ITEMS_MAX, messages.entryMediaTooMany(MEDIA_ITEMS_MAX)),
  }),
  // spec/content.md §3 Video element data: a service's video (service, id, its page's url) or an uploaded mp4 (its
  // uuid and size, a poster from its first frame); the play mode, autoplay-if-most-visible and has-audio.
  block('video', {
    service: z.enum(VIDEO_SERVICES, { error: messages.entryBlockVideoInvalid }).optional(),
    // vk ids are `{owner}_{video}` with a negative owner for communities
    id: str()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, messages.entryBlockVideoInvalid)
      .optional(),
    url: httpUrl.optional(),
    mp4: str().regex(MEDIA_UUID, messages.entryBlockVideoInvalid).optional(),
    width: side.optional(),
    height: side.optional(),
    thumbnail: httpUrl.optional(),
    title: plain().optional(),
    // Seconds from the start, as the pasted link's `t=` said.
    timecode: z
      .number({ error: messages.entryBlockVideoInvalid })
      .int(messages.entryBlockVideoInvalid)
      .min(0, messages.entryBlockVideoInvalid)
      .max(TIMECODE_MAX, messages.entryBlockVideoInvalid)
      .optional(),
    // §5: the play mode must be click or visible, else click.
    play_mode: plain(32)
      .transform((m): 'click' | 'visible' => (m === 'visible' ? 'visible' : 'click'))
      .optional(),
    autoplay_most_visible: flag.optional(),
    has_audio: flag.optional(),
  }).refine((b) => (b.data.mp4 ? !b.data.service && !b.data.id : Boolean(b.data.service && b.data.id && b.data.url)), {
    message: messages.entryBlockVideoInvalid,
    path: ['data'],
  }),
  block('link', {
    url: httpUrl,
    title: plain().optional(),
    description: plain().optional(),
    image: httpUrl.optional(),
  }),
  block('code', {
    text: str().max(BLOCK_TEXT_MAX, messages.entryBlockTextTooLong(formatNumber(BLOCK_TEXT_MAX))),
    lang: plain(32).optional(),
  }),
  block('delimiter', {}),
  // An uploaded file (uuid, with what the upload answered: its length for the page, size and type) or a file on
  // another site (url, as blocks were before uploads): exactly one of them.
  block('audio', {
    uuid: str().regex(MEDIA_UUID, messages.entryBlockAudioInvalid).optional(),
    url: httpUrl.optional(),
    title: plain().optional(),
    duration: z
      .number({ error: messages.entryBlockAudioFileInvalid })
      .int(messages.entryBlockAudioFileInvalid)
      .min(0, messages.entryBlockAudioFileInvalid)
      .max(TIMECODE_MAX, messages.entryBlockAudioFileInvalid)
      .optional(),
    size: z
      .number({ error: messages.entryBlockAudioFileInvalid })
      .int(messages.entryBlockAudioFileInvalid)
      .min(0, messages.entryBlockAudioFileInvalid)
      .max(AUDIO_SIZE_MAX, messages.entryBlockAudioFileInvalid)
      .optional(),
    type: z.enum(AUDIO_TYPES, { error: messages.entryBlockAudioFileInvalid }).optional(),
    // spec/content.md §3 Audio: a cover picture (an uploaded image), who speaks or plays, and a hash naming the
    // block for its listens (`POST /audio/listen`); the save gives one to a block that has none.
    cover: str().regex(MEDIA_UUID, messages.entryBlockAudioCoverInvalid).optional(),
    author: plain().optional(),
    hash: str().regex(QUIZ_HASH_RE, messages.entryBlockAudioHashInvalid).optional(),
  }).refine((b) => (b.data.uuid === undefined) !== (b.data.url === undefined), {
    message: messages.entryBlockAudioInvalid,
    path: ['data'],
  }),
  block('warning', { title: plain(), text: inlineHtml }),
  block('number', { number: plain(32), title: plain() }),
  block('person', { name: plain(), description: plain().optional(), image: httpUrl.optional() }),
  // The donation attacher (issue 12): readers of the entry may send its author a donation here; `title` is the ask.
  block('donation', { title: plain().optional() }),
  // A quiz (issue 28): a question, 2–10 options, one or several answers, results before voting or only after. The
  // hashes come from the editor; the save keeps them in the quiz module's table (quiz/sync.ts).
  block('quiz', {
    hash: quizHash,
    title: filled(messages.entryQuizQuestionRequired),
    items: z
      .array(z.strictObject({ hash: quizHash, text: filled(messages.entryQuizItemRequired) }), {
        error: messages.entryQuizInvalid,
      })
      .min(QUIZ_ITEMS_MIN, messages.entryQuizItemsCount(QUIZ_ITEMS_MIN, QUIZ_ITEMS_MAX))
      .max(QUIZ_ITEMS_MAX, messages.entryQuizItemsCount(QUIZ_ITEMS_MIN, QUIZ_ITEMS_MAX))
      .refine((items) => new Set(items.map((i) => i.hash)).size === items.length, messages.entryQuizHashTwice),
    multiple: flag,
    results: z.enum(['before', 'after'], { error: messages.entryQuizInvalid }),
  }),
] as const;

export const BLOCK_TYPES = blockSchemas.map((s) => s.shape.type.value);

const anyBlock = z.discriminatedUnion('type', blockSchemas, {
  error: (iss) => (iss.code === 'invalid_union' ? messages.entryBlockUnknown : messages.entryBlockInvalid),
});

type Parsed = z.output<typeof anyBlock>;
/** A block as stored: the flags are present only when set. */
export type Block = {
  [K in Parsed['type']]: Omit<Extract<Parsed, { type: K }>, 'cover' | 'hidden'> & { cover?: true; hidden?: true };
}[Parsed['type']];
export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

const isStoredBlock = (b: unknown): b is Block =>
  typeof b === 'object' &&
  b !== null &&
  'type' in b &&
  'data' in b &&
  BLOCK_TYPES.some((t) => t === b.type) &&
  typeof b.data === 'object' &&
  b.data !== null;

/** A block in an answer: the stored shape (an entry's blocks were checked when saved). */
export const storedBlock = z.custom<Block>(isStoredBlock);
/** A stored quiz block (a feed card carries its entry's first). */
export const storedQuiz = z.custom<BlockOf<'quiz'>>((b) => isStoredBlock(b) && b.type === 'quiz');

/**
 * Blocks as read back from the database (entries, their versions). They were checked by `entryBlocksField` when saved,
 * so a read checks only their shape, cheaply (feeds read many): a value that is not an array reads as no blocks, an
 * item that is not a `{ type, data }` block of a known type is left out, so one malformed row never breaks a page.
 */
export const storedBlocks = z.unknown().transform((v): Block[] => (Array.isArray(v) ? v.filter(isStoredBlock) : []));

const normalize = (b: Parsed): Block =>
  ({
    type: b.type,
    data: b.data,
    ...(b.cover ? { cover: true } : {}),
    ...(b.hidden ? { hidden: true } : {}),
  }) as Block;

/** No quiz of an entry shares its hash with another of its quizzes. */
const quizzesOnce = (blocks: Block[]) => {
  const hashes = blocks.flatMap((b) => (b.type === 'quiz' ? [b.data.hash] : []));
  return new Set(hashes).size === hashes.length;
};

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/**
 * The `entry` field of `writing/save`: a JSON string (forms) or an array (JSON bodies) of blocks,
 * at most ENTRY_JSON_MAX_KB as JSON and ENTRY_BLOCKS_MAX blocks.
 */
export const entryBlocksField = z
  .unknown()
  .transform((input, ctx): unknown[] => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    };
    let value = input;
    if (typeof input === 'string') {
      if (byteLength(input) > ENTRY_JSON_MAX_KB * 1024) return fail(messages.entryTooLarge(ENTRY_JSON_MAX_KB));
      try {
        value = input.trim() === '' ? [] : JSON.parse(input);
      } catch {
        return fail(messages.entryBlocksInvalid);
      }
      // Escapes in the JSON text (\u0000) become control characters only here, after the request's own clean-up
      // of free text (a JSON array body is cleaned there): refused, as the database refuses a NUL in jsonb.
      if (anyControlChars(value)) return fail(messages.controlCharacters);
    } else if (input === undefined) {
      return fail(messages.fieldRequired);
    }
    if (!Array.isArray(value)) return fail(messages.entryBlocksInvalid);
    if (value.length > ENTRY_BLOCKS_MAX) return fail(messages.entryBlocksTooMany(ENTRY_BLOCKS_MAX));
    if (typeof input !== 'string' && byteLength(JSON.stringify(value)) > ENTRY_JSON_MAX_KB * 1024)
      return fail(messages.entryTooLarge(ENTRY_JSON_MAX_KB));
    return value;
  })
  .pipe(z.array(anyBlock.transform(normalize)).refine(quizzesOnce, messages.entryQuizHashTwice));

/** Where an image block's original lives: an outside url as is, an upload under the media base (`/media` or a CDN). */
export function imageSrc(img: { uuid?: string; url?: string }, mediaBase = '/media'): string {
  return img.url ?? mediaUrl(mediaBase, img.uuid ?? '');
}

/** The entry title: whitespace collapsed, at most ENTRY_TITLE_MAX characters (empty is allowed when there is text). */
export const entryTitleField = z
  .string({ error: (iss) => (iss.input === undefined ? messages.fieldRequired : messages.entryTitleType) })
  .transform(collapse)
  .pipe(z.string().max(ENTRY_TITLE_MAX, messages.entryTitleTooLong(ENTRY_TITLE_MAX)));
