import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';

/** The `video_uploads` rows: one per uploader of a video the `media.video` job makes mp4. */

const VideoUploadRow = z.object({
  uuid: col.text,
  user_id: col.int,
  state: z.enum(['processing', 'ready', 'failed']),
  progress: col.int,
  error: col.text,
  has_audio: z.boolean(),
});
export type VideoUploadRow = z.output<typeof VideoUploadRow>;

const COLUMNS = sql`uuid, user_id, state, progress, error, has_audio`;

/** This person's upload of the video, or undefined (never uploaded it: someone else's uuid reads as unknown). */
export async function findVideoUpload(db: Db, uuid: string, userId: number): Promise<VideoUploadRow | undefined> {
  return firstRow(
    db,
    VideoUploadRow,
    sql`select ${COLUMNS} from video_uploads where uuid = ${uuid} and user_id = ${userId}`,
  );
}

/** The uploads of these videos by any of these people (an entry's check: its author's and its editor's). */
export async function videoUploadsOf(db: Db, uuids: string[], userIds: number[]): Promise<VideoUploadRow[]> {
  if (!uuids.length || !userIds.length) return [];
  return rows(
    db,
    VideoUploadRow,
    sql`select ${COLUMNS} from video_uploads
         where uuid in (${sql.join(
           uuids.map((u) => sql`${u}`),
           sql`, `,
         )}) and user_id in (${sql.join(
           userIds.map((u) => sql`${u}`),
           sql`, `,
         )})`,
  );
}

/** Starts (or starts again, after a failure) this person's upload of the video. */
export async function startVideoUpload(db: Db, uuid: string, userId: number): Promise<void> {
  await db.execute(sql`
    insert into video_uploads (uuid, user_id, state, progress, error)
    values (${uuid}, ${userId}, 'processing', 0, '')
    on conflict (uuid, user_id) do update set state = 'processing', progress = 0, error = ''`);
}

/** A video already made (the same bytes uploaded before): this person's row is ready at once. */
export async function readyVideoUpload(db: Db, uuid: string, userId: number, hasAudio: boolean): Promise<void> {
  await db.execute(sql`
    insert into video_uploads (uuid, user_id, state, progress, error, has_audio)
    values (${uuid}, ${userId}, 'ready', 100, '', ${hasAudio})
    on conflict (uuid, user_id) do update set state = 'ready', progress = 100, error = '', has_audio = ${hasAudio}`);
}

/** Whether any upload of these bytes is being made now (a second uploader joins it rather than queueing another). */
export async function videoProcessing(db: Db, uuid: string): Promise<boolean> {
  const row = await firstRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*)::int as n from video_uploads where uuid = ${uuid} and state = 'processing'`,
  );
  return (row?.n ?? 0) > 0;
}

/** The job's progress, for every uploader of the bytes still waiting. */
export async function setVideoProgress(db: Db, uuid: string, progress: number): Promise<void> {
  await db.execute(
    sql`update video_uploads set progress = ${progress} where uuid = ${uuid} and state = 'processing' and progress < ${progress}`,
  );
}

/** The job's end for every uploader of the bytes still waiting; answers who they are. */
export async function finishVideoUploads(
  db: Db,
  uuid: string,
  end: { state: 'ready'; hasAudio: boolean } | { state: 'failed'; error: string },
): Promise<number[]> {
  const done = await rows(
    db,
    z.object({ user_id: col.int }),
    end.state === 'ready'
      ? sql`update video_uploads set state = 'ready', progress = 100, error = '', has_audio = ${end.hasAudio}
             where uuid = ${uuid} and state = 'processing' returning user_id`
      : sql`update video_uploads set state = 'failed', error = ${end.error}
             where uuid = ${uuid} and state = 'processing' returning user_id`,
  );
  return done.map((r) => r.user_id);
}
