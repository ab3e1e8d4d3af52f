import { fileTypeFromBuffer } from 'file-type';
import type { Block } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import { VIDEO_MAX_SECONDS } from '../../../shared/media.ts';
import type { VideoUpload } from '../../../shared/api/media.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue, type JobInfo } from '../../jobs/queue.ts';
import { badRequest, badRequestOf, notFound } from '../../lib/errors.ts';
import { contentUuid, MediaRefused, MIME_BY_TYPE } from './file-kind.ts';
import { probe } from './process.ts';
import { findMedia, findOwnMedia, noteUpload, saveMedia } from './queries.ts';
import { stateOf } from './state.ts';
import { originalKey } from './storage.ts';
import { encodeVideo, isUploadVideo } from './video.ts';
import * as q from './video-queries.ts';

/**
 * The editor's video upload (spec/content.md §9: «in a job, with progress shown in the editor»). The request only
 * checks the bytes (a video by its signature, within the size limit), keeps them and queues `media.video`; the job
 * makes the H.264 mp4 (its length checked first), writing its progress as it goes, and the `media` row appears,
 * named by the uploaded bytes, when it is ready. The editor polls `videoState`. An entry refers to the video by that
 * uuid from the start, and is not published while it is still being made (`assertEntryVideos`).
 */

/** Where the uploaded bytes wait for the job (beside the original the job writes; never served). */
const uploadKey = (uuid: string) => `${uuid}/upload`;
/** A 20-minute video takes its time on one thread; the job's lock is longer than this. */
const JOB_ENCODE_MS = 4 * 60_000;
/** Progress is written at most this often (each write is a row update every poller reads). */
const PROGRESS_EVERY_MS = 400;

const present = async (ctx: Ctx, row: q.VideoUploadRow): Promise<VideoUpload> => {
  const answer: VideoUpload = { uuid: row.uuid, state: row.state, progress: row.progress };
  if (row.state === 'failed') answer.error = row.error;
  if (row.state === 'ready') {
    const media = await findMedia(ctx.db, row.uuid);
    if (media) Object.assign(answer, { width: media.width, height: media.height, has_audio: row.has_audio });
  }
  return answer;
};

/** `POST /andropov/upload/video`: answers at once, the state «processing» (or ready, for bytes made before). */
export async function uploadVideo(ctx: Ctx, user: { id: number }, data: Buffer): Promise<VideoUpload> {
  if (data.length > ctx.config.uploadMaxMb * 1024 * 1024) throw badRequestOf('mediaTooLarge', ctx.config.uploadMaxMb);
  if (data.length === 0) throw badRequest(messages.mediaEmptyFile);
  const mime = (await fileTypeFromBuffer(data))?.mime;
  if (mime === undefined || !isUploadVideo(mime)) throw badRequest(messages.mediaVideoFormatInvalid);
  const uuid = contentUuid(data);
  const known = await findMedia(ctx.db, uuid);
  if (known) {
    if (known.type !== 'mp4') throw badRequest(messages.mediaVideoFormatInvalid);
    const hasAudio = (await q.videoUploadsOf(ctx.db, [uuid], [user.id]))[0]?.has_audio ?? true;
    await transaction(ctx, async (ctx) => {
      await noteUpload(ctx.db, uuid, user.id);
      await q.readyVideoUpload(ctx.db, uuid, user.id, hasAudio);
    });
  } else {
    const running = await q.videoProcessing(ctx.db, uuid);
    if (!running) await stateOf(ctx).store.put(uploadKey(uuid), data);
    await transaction(ctx, async (ctx) => {
      await q.startVideoUpload(ctx.db, uuid, user.id);
      // The same bytes being made already: this uploader waits for that job.
      if (!running) await enqueue(ctx, 'media.video', { uuid, mime }, { dedupeKey: `video:${uuid}` });
    });
  }
  const row = await q.findVideoUpload(ctx.db, uuid, user.id);
  if (!row) throw new Error(`video upload ${uuid} of ${user.id}: written but not found`);
  return present(ctx, row);
}

/** `GET /andropov/upload/video/{uuid}`: the uploader's view of the job; anyone else's uuid is unknown (404). */
export async function videoState(ctx: Ctx, user: { id: number }, uuid: string): Promise<VideoUpload> {
  const row = await q.findVideoUpload(ctx.db, uuid, user.id);
  if (!row) throw notFound(messages.mediaVideoNotFound);
  return present(ctx, row);
}

/**
 * The `media.video` job: the mp4 made with progress, kept as the original of the uuid, its row saved and every
 * waiting uploader's upload noted and made ready. A refusal (broken, too long) ends in the failed state with its
 * Russian reason, not a retry; another error retries, and the last attempt's failure is told as «upload failed».
 */
export async function processVideo(ctx: Ctx, p: { uuid: string; mime: string }, job: JobInfo): Promise<void> {
  const { store } = stateOf(ctx);
  const data = await store.get(uploadKey(p.uuid));
  if (!data) {
    await q.finishVideoUploads(ctx.db, p.uuid, { state: 'failed', error: messages.mediaUploadFailed });
    return;
  }
  let writes = Promise.resolve();
  let shown = 0;
  let shownAt = 0;
  const onShare = (share: number) => {
    const percent = Math.min(99, Math.floor(share * 100));
    if (percent <= shown || Date.now() - shownAt < PROGRESS_EVERY_MS) return;
    shown = percent;
    shownAt = Date.now();
    writes = writes.then(() => q.setVideoProgress(ctx.db, p.uuid, percent)).catch(() => {});
  };
  try {
    const { mp4, hasAudio } = await encodeVideo(data, p.mime, VIDEO_MAX_SECONDS, onShare, JOB_ENCODE_MS);
    await writes;
    const probed = await probe(mp4);
    await store.put(originalKey(p.uuid), mp4);
    await transaction(ctx, async (ctx) => {
      const users = await q.finishVideoUploads(ctx.db, p.uuid, { state: 'ready', hasAudio });
      const [first] = users;
      if (first === undefined) return;
      await saveMedia(
        ctx.db,
        {
          uuid: p.uuid,
          duration: 0,
          ...probed,
          mime: MIME_BY_TYPE[probed.type],
          size: mp4.length,
          external_service: [],
        },
        first,
      );
      for (const id of users) await noteUpload(ctx.db, p.uuid, id);
    });
  } catch (err) {
    await writes;
    if (err instanceof MediaRefused) {
      await q.finishVideoUploads(ctx.db, p.uuid, { state: 'failed', error: err.message });
      return;
    }
    if (job.attempts >= job.maxAttempts)
      await q.finishVideoUploads(ctx.db, p.uuid, { state: 'failed', error: messages.mediaUploadFailed });
    throw err;
  }
}

/**
 * An entry's uploaded videos (video blocks with `mp4`): each must be one its author or the person saving uploaded;
 * published only once made. A draft may keep a video still being made (or failed: the author sees why in the block).
 */
export async function assertEntryVideos(
  ctx: Ctx,
  userIds: number[],
  blocks: readonly Block[],
  publishing: boolean,
): Promise<void> {
  const uuids = [...new Set(blocks.flatMap((b) => (b.type === 'video' && b.data.mp4 ? [b.data.mp4] : [])))];
  if (!uuids.length) return;
  const uploads = await q.videoUploadsOf(ctx.db, uuids, userIds);
  for (const uuid of uuids) {
    const states = uploads.filter((u) => u.uuid === uuid).map((u) => u.state);
    if (states.includes('ready')) continue;
    const refuse = (rm: string) => badRequest(rm, { errors: { entry: rm } });
    if (states.includes('processing')) {
      if (publishing) throw refuse(messages.entryVideoProcessing);
      continue;
    }
    if (states.includes('failed')) {
      if (publishing) throw refuse(messages.entryVideoFailed);
      continue;
    }
    // Uploaded another way (before the job, or through /andropov/upload): a made mp4 of one of them is fine.
    let own = false;
    for (const id of userIds) if (!own) own = (await findOwnMedia(ctx.db, uuid, id))?.type === 'mp4';
    if (!own) throw refuse(messages.entryVideoNotFound);
  }
}
