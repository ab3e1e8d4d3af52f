import { messages } from '../../../shared/catalogue.ts';
import { fileTypeFromBuffer } from 'file-type';
import {
  FILE_EXT_BY_MIME,
  FILE_TYPE,
  isAudioType,
  TEXT_FILE_MIME,
  type MediaImage,
  type MediaType,
  type UploadResultItem,
} from '../../../shared/media.ts';
import type { uploadFile as uploadFileContract } from '../../../shared/api/media.ts';
import type { ContractOutput } from '../../../shared/api/contract.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import { filterKey, parseFilter, type Filter } from './filters.ts';
import { contentUuid, MediaRefused, MIME_BY_TYPE } from './file-kind.ts';
import { makeDerivative, probe, withoutMetadata } from './process.ts';
import { isOtherVideo, toMp4 } from './video.ts';
import { VIDEO_MAX_SECONDS } from '../../../shared/media.ts';
import { findMedia, findOwnMedia, noteUpload, saveMedia, type MediaRow } from './queries.ts';
import { audioBlockExists, deleteListenMarksBefore, markListen } from './listen-queries.ts';
import { derivativeKey, originalKey } from './storage.ts';
import { ROWS_CACHED, stateOf } from './state.ts';

const entity = (row: MediaRow): UploadResultItem => ({
  type: 'image',
  data: {
    uuid: row.uuid,
    type: row.type as MediaType,
    width: row.width,
    height: row.height,
    size: row.size,
    color: row.color,
    external_service: row.external_service,
    ...(isAudioType(row.type) ? { duration: row.duration } : {}),
  } satisfies MediaImage,
});
const failure = (message: string): UploadResultItem => ({ type: 'error', data: { message } });

const maxBytes = (ctx: Ctx) => ctx.config.uploadMaxMb * 1024 * 1024;

/** One file: checked by its bytes, stored once under the hash of its content, answered as a media entity. */
async function accept(
  ctx: Ctx,
  uploaderId: number,
  data: Buffer,
  externalService: unknown[],
): Promise<UploadResultItem> {
  if (data.length > maxBytes(ctx)) return failure(messages.mediaTooLarge(ctx.config.uploadMaxMb));
  const uuid = contentUuid(data);
  const known = await findMedia(ctx.db, uuid);
  if (known && known.type !== FILE_TYPE) {
    await noteUpload(ctx.db, uuid, uploaderId);
    return entity(known);
  }
  try {
    // A .mov or .webm is kept as the H.264 mp4 made of it (named still by the uploaded bytes).
    const mime = (await fileTypeFromBuffer(data))?.mime;
    if (mime && isOtherVideo(mime)) data = await toMp4(data, mime, VIDEO_MAX_SECONDS);
    const probed = await probe(data);
    // Served to anyone, so without the uploader's EXIF, GPS or ID3 tags; still named by the uploaded bytes, so a repeat dedupes.
    const stored = await withoutMetadata(data, probed.type);
    // The bytes go first: a row never points at a missing original.
    await stateOf(ctx).store.put(originalKey(uuid), stored);
    const saved = await saveMedia(
      ctx.db,
      {
        uuid,
        duration: 0,
        ...probed,
        mime: MIME_BY_TYPE[probed.type],
        size: stored.length,
        external_service: externalService,
      },
      uploaderId,
    );
    await noteUpload(ctx.db, uuid, uploaderId);
    return entity(saved);
  } catch (err) {
    if (err instanceof MediaRefused) return failure(err.message);
    ctx.log.error({ err, uuid }, 'media upload failed');
    return failure(messages.mediaUploadFailed);
  }
}

/** `POST /andropov/upload`: every file gets an entry of the answer, in the order sent. */
export async function upload(ctx: Ctx, user: { id: number }, files: Buffer[]): Promise<UploadResultItem[]> {
  if (files.length === 0) throw badRequest(messages.mediaNoFiles);
  if (files.length > ctx.config.uploadMaxFiles) throw badRequestOf('mediaTooMany', ctx.config.uploadMaxFiles);
  const result: UploadResultItem[] = [];
  // One at a time: decoding is CPU and memory heavy, and the answer waits for all of them anyway.
  for (const file of files) result.push(await accept(ctx, user.id, file, []));
  return result;
}

/** The answer of `POST /andropov/upload/file`: a picture or sound goes the media way, anything else as a file. */
export type FileUploadResult = ContractOutput<typeof uploadFileContract>['result'];

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8Text = (data: Buffer) => {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
};

/**
 * `POST /andropov/upload/file`: one file of any allowed kind. Pictures, video and sound (by their bytes) are handled
 * like `upload`; documents and archives are kept by the type found in their bytes (an allowlist); text, which has no
 * signature, by the name's extension and only when it is UTF-8. Stored as uploaded, named by the content's hash.
 */
export async function uploadFile(
  ctx: Ctx,
  user: { id: number },
  data: Buffer,
  name: string,
): Promise<FileUploadResult> {
  if (data.length > maxBytes(ctx)) throw badRequestOf('mediaTooLarge', ctx.config.uploadMaxMb);
  if (data.length === 0) throw badRequest(messages.mediaEmptyFile);
  const found = (await fileTypeFromBuffer(data))?.mime;
  if (found && (/^(image|video|audio)\//.test(found) || !FILE_EXT_BY_MIME[found])) {
    // Media by its bytes (or refused as a picture/sound the media path cannot read), never stored as a download.
    if (/^(image|video|audio)\//.test(found) && found !== 'image/svg+xml') {
      const item = await accept(ctx, user.id, data, []);
      if (item.type === 'error') throw badRequest(item.data.message);
      return item;
    }
    throw badRequest(messages.mediaFileFormatInvalid);
  }
  let mime = found;
  if (!mime) {
    const ext = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    mime = TEXT_FILE_MIME[ext];
    if (!mime) throw badRequest(messages.mediaFileFormatInvalid);
    if (!isUtf8Text(data)) throw badRequest(messages.mediaFileNotText);
  }
  const uuid = contentUuid(data);
  let row = await findMedia(ctx.db, uuid);
  if (!row) {
    await stateOf(ctx).store.put(originalKey(uuid), data);
    row = await saveMedia(
      ctx.db,
      {
        uuid,
        type: FILE_TYPE,
        mime,
        width: 0,
        height: 0,
        size: data.length,
        color: '',
        duration: 0,
        external_service: [],
      },
      user.id,
    );
  }
  if (row.type !== FILE_TYPE) return entity(row) as FileUploadResult;
  return { type: 'file', data: { uuid: row.uuid, type: FILE_TYPE, mime: row.mime, size: row.size, name } };
}

const FETCH_FAILURES: Record<SafeFetchError['reason'], (e: SafeFetchError, ctx: Ctx) => string> = {
  badUrl: () => messages.mediaUrlInvalid,
  refused: () => messages.mediaUrlRefused,
  timeout: () => messages.mediaUrlTimeout,
  tooLarge: (_e, ctx) => messages.mediaTooLarge(ctx.config.uploadMaxMb),
  tooManyRedirects: () => messages.mediaUrlRedirects,
  network: () => messages.mediaUrlNetwork,
  status: (e) => (e.status ? messages.mediaUrlStatus(e.status) : messages.mediaUrlNetwork),
};

/** `POST /andropov/upload/urls`: each picture or sound fetched safely (public addresses only, size and time limits). */
export async function uploadUrls(ctx: Ctx, user: { id: number }, urls: string[]): Promise<UploadResultItem[]> {
  if (urls.length > ctx.config.uploadMaxFiles) throw badRequestOf('mediaTooMany', ctx.config.uploadMaxFiles);
  const result: UploadResultItem[] = [];
  for (const url of urls) {
    try {
      const res = await safeFetch(ctx.config, url, {
        maxBytes: maxBytes(ctx),
        timeoutMs: 20_000,
        maxRedirects: 5,
        accept: 'image/*,video/mp4;q=0.9,audio/*;q=0.9,*/*;q=0.1',
      });
      result.push(await accept(ctx, user.id, res.body, [{ name: new URL(res.url).hostname, url: res.url }]));
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      result.push(failure(FETCH_FAILURES[err.reason](err, ctx)));
    }
  }
  return result;
}

/** `POST /andropov/upload/gif`: one gif by file or link, stored as the others; a refusal is a Russian 400. */
export async function uploadGif(ctx: Ctx, user: { id: number }, input: { file?: Buffer; url?: string }) {
  if (input.file && input.file.length > maxBytes(ctx)) throw badRequestOf('mediaTooLarge', ctx.config.uploadMaxMb);
  const [item] = input.file ? await upload(ctx, user, [input.file]) : await uploadUrls(ctx, user, [input.url ?? '']);
  if (item.type === 'error') throw badRequest(item.data.message);
  if (item.data.type !== 'gif') throw badRequest(messages.mediaGifOnly);
  return item;
}

/**
 * Bytes the site made itself (the demo's pictures, clip and sound): judged and stored exactly as an upload of
 * `uploaderId` would be. A refusal is a mistake of whoever made them, so it throws.
 */
export async function keepMade(ctx: Ctx, uploaderId: number, data: Buffer): Promise<MediaImage> {
  const item = await accept(ctx, uploaderId, data, []);
  if (item.type === 'error') throw new Error(`made media refused: ${item.data.message}`);
  return item.data;
}

/**
 * A gif this person uploaded, for a comment to carry (issue 32 point 7): looked up by its uuid, never taken from the
 * client. Anything else — unknown, another person's upload, not a gif — is a Russian 400.
 */
export async function ownGif(ctx: Ctx, userId: number, uuid: string): Promise<MediaImage> {
  const row = await findOwnMedia(ctx.db, uuid, userId);
  if (!row) throw badRequest(messages.mediaGifNotFound, { errors: { attach: messages.mediaGifNotFound } });
  if (row.type !== 'gif') throw badRequest(messages.mediaGifOnly, { errors: { attach: messages.mediaGifOnly } });
  const item = entity(row);
  if (item.type !== 'image') throw new Error('a gif is an image');
  return item.data;
}

/** Still pictures a copy may keep: a link card shows one picture, never a clip or a sound. */
const STILL_TYPES: readonly string[] = ['jpg', 'png', 'gif', 'webp'];

/**
 * A picture of another site copied into the store (a link card's picture): fetched the safe way (public addresses
 * only, the size and time limits given), judged by its bytes and kept under their hash, so readers' requests never
 * reach the other site. Null when it cannot be fetched or is not a still picture.
 */
export async function copyPicture(
  ctx: Ctx,
  userId: number,
  url: string,
  limits: { maxBytes: number; timeoutMs: number },
): Promise<MediaImage | null> {
  let res;
  try {
    res = await safeFetch(ctx.config, url, {
      maxBytes: Math.min(limits.maxBytes, maxBytes(ctx)),
      timeoutMs: limits.timeoutMs,
      maxRedirects: 5,
      accept: 'image/*',
    });
  } catch (err) {
    if (err instanceof SafeFetchError) return null;
    throw err;
  }
  const item = await accept(ctx, userId, res.body, [{ name: new URL(res.url).hostname, url: res.url }]);
  if (item.type === 'error' || !STILL_TYPES.includes(item.data.type)) return null;
  return item.data;
}

/** Whether the store holds this still picture (a form's picker gives its address; the picture is public anyway). */
export const isStoredPicture = async (ctx: Ctx, uuid: string): Promise<boolean> =>
  STILL_TYPES.includes((await findMedia(ctx.db, uuid))?.type ?? '');

// ---------------------------------------------------------------- delivery

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function mediaRow(ctx: Ctx, uuid: string): Promise<MediaRow> {
  const { rows } = stateOf(ctx);
  let row = rows.get(uuid);
  if (!row) {
    if (!UUID_RE.test(uuid)) throw notFound(messages.mediaNotFound);
    row = await findMedia(ctx.db, uuid);
    if (!row) throw notFound(messages.mediaNotFound);
    const oldest = rows.keys().next();
    if (rows.size >= ROWS_CACHED && !oldest.done) rows.delete(oldest.value);
    rows.set(uuid, row);
  }
  return row;
}

/** What a delivery URL names: the original, or one derivative with its stored name. */
export interface MediaTarget {
  row: MediaRow;
  /** Null for the original. */
  key: string | null;
  filter: Filter;
  mime: string;
  etag: string;
  /** A file's name for `Content-Disposition: attachment` (fileDownloadName); null for media shown inline. */
  download: string | null;
}

/**
 * A file's download name: the name its link gives (`?name=`, the one shown in the message: letters, digits, spaces
 * and a few marks, at most 100 characters) or its uuid, always with the extension of its stored type — a link can
 * rename a file but never make a pdf download as something else.
 */
export function fileDownloadName(row: Pick<MediaRow, 'uuid' | 'mime'>, given = ''): string {
  const ext = FILE_EXT_BY_MIME[row.mime] ?? 'bin';
  const base = given
    .replace(/\.[\p{L}\p{N}]{1,10}$/u, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${base || row.uuid}.${ext}`;
}

/** Resolves `{uuid}/{filters}` without touching the bytes, so a revalidation (304) costs no reading. */
export async function resolveTarget(ctx: Ctx, uuid: string, filterPath: string, name = ''): Promise<MediaTarget> {
  const row = await mediaRow(ctx, uuid);
  const filter = parseFilter(filterPath);
  if (row.type === FILE_TYPE) {
    // A file is served only as uploaded, and only as a download (see the route).
    if (filter.geometry || filter.format) throw badRequest(messages.mediaFileNoFilters);
    return { row, key: null, filter, mime: row.mime, etag: `"${row.uuid}"`, download: fileDownloadName(row, name) };
  }
  const format: MediaType = filter.format ?? row.type;
  // A video has one derivative kind: its poster, a jpg of its first frame (`-/format/jpg/`, optionally resized).
  if (row.type === 'mp4' && (filter.geometry?.kind === 'crop' || (format !== 'mp4' && format !== 'jpg')))
    throw badRequest(messages.mediaVideoNoFilters);
  if (row.type === 'mp4' && filter.geometry && format !== 'jpg') throw badRequest(messages.mediaVideoNoFilters);
  // Sound is served as uploaded: there is nothing to resize or convert.
  if (isAudioType(row.type) && (filter.geometry || filter.format)) throw badRequest(messages.mediaAudioNoFilters);
  if (format === 'mp4' && row.type !== 'gif' && row.type !== 'mp4') throw badRequest(messages.mediaMp4OnlyGif);
  // The original in its own format is the original: no second copy of the same picture.
  const key = filter.geometry || format !== row.type ? filterKey(filter, row.type) : null;
  return {
    row,
    key,
    filter,
    mime: MIME_BY_TYPE[format],
    etag: `"${row.uuid}${key ? `-${key}` : ''}"`,
    download: null,
  };
}

/** The bytes of a target; a missing derivative is made once, however many requests ask for it at the same time. */
export async function targetBytes(ctx: Ctx, t: MediaTarget): Promise<Buffer> {
  const { store, inflight } = stateOf(ctx);
  if (!t.key) return (await store.get(originalKey(t.row.uuid))) ?? missingOriginal(ctx, t.row.uuid);
  const key = derivativeKey(t.row.uuid, t.key);
  const running = inflight.get(key);
  if (running) return running;
  const stored = await store.get(key);
  if (stored) return stored;
  let flight = inflight.get(key);
  if (!flight) {
    flight = (async () => {
      const original = (await store.get(originalKey(t.row.uuid))) ?? missingOriginal(ctx, t.row.uuid);
      if (t.row.type === FILE_TYPE) throw badRequest(messages.mediaFileNoFilters);
      const { data } = await makeDerivative(original, t.row.type, t.filter);
      await store.put(key, data);
      return data;
    })().finally(() => inflight.delete(key));
    inflight.set(key, flight);
  }
  return flight;
}

function missingOriginal(ctx: Ctx, uuid: string): never {
  ctx.log.error({ uuid }, 'media row without its original in the store');
  throw notFound(messages.mediaNotFound);
}

/**
 * For backups (modules/backup), which run from a command line without an app: the store a setup names (disk or S3),
 * the key of an original, and the uuids of every upload. Derivatives are left out: they are made again on request.
 */
export { createMediaStore, originalKey, type MediaStore } from './storage.ts';
export { mediaUuids } from './queries.ts';
export { assertEntryVideos, processVideo, uploadVideo, videoState } from './video-upload.ts';

// ---------------------------------------------------------------- listens

const dayOf = (now: Date) => Math.floor(now.getTime() / 86_400_000);

/**
 * `POST /audio/listen`: a listener (`u{id}` or `a{hit_id}`, as views name readers) started an audio block of a
 * published entry; the first start of the UTC day counts. A hash the entry does not hold is 404, so made-up blocks
 * gather nothing.
 */
export async function listen(
  ctx: Ctx,
  visitor: string,
  entryId: number,
  hash: string,
): Promise<{ listens: number; is_listened: boolean }> {
  if (!(await audioBlockExists(ctx.db, entryId, hash))) throw notFound(messages.audioNotFound);
  const r = await markListen(ctx.db, { entryId, hash, visitor, day: dayOf(ctx.now()) });
  return { listens: r.listens, is_listened: r.counted };
}

/** The hourly cleanup: marks of days before yesterday. */
export async function deleteOldListenMarks(ctx: Ctx): Promise<void> {
  await deleteListenMarksBefore(ctx.db, dayOf(ctx.now()) - 1);
}
