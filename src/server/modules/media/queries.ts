import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { FILE_TYPE, MEDIA_TYPES } from '../../../shared/media.ts';

const MediaRow = z.object({
  uuid: col.text,
  /** A picture, video or sound type, or 'file' (a download: pdf, zip, text…; `mime` says which). */
  type: z.enum([...MEDIA_TYPES, FILE_TYPE]),
  mime: col.text,
  width: col.int,
  height: col.int,
  size: col.int,
  color: col.text,
  /** Whole seconds of sound; 0 for pictures and video. */
  duration: col.int,
  external_service: z.array(z.unknown()),
});
export type MediaRow = z.output<typeof MediaRow>;

const COLUMNS = sql`uuid, type, mime, width, height, size::float8 as size, color, duration, external_service`;

export async function findMedia(db: Db, uuid: string): Promise<MediaRow | undefined> {
  return firstRow(db, MediaRow, sql`select ${COLUMNS} from media where uuid = ${uuid}`);
}

/** Inserts the row unless the same content is already there, and answers the stored row either way. */
export async function saveMedia(db: Db, row: MediaRow, uploaderId: number): Promise<MediaRow> {
  const inserted = await firstRow(
    db,
    MediaRow,
    sql`
    insert into media (uuid, type, mime, width, height, size, color, duration, external_service, uploader_id)
    values (${row.uuid}, ${row.type}, ${row.mime}, ${row.width}, ${row.height}, ${row.size}, ${row.color}, ${row.duration},
            ${JSON.stringify(row.external_service)}::jsonb, ${uploaderId})
    on conflict (uuid) do nothing
    returning ${COLUMNS}`,
  );
  if (inserted) return inserted;
  // The conflict was with a row of that uuid: that row is the answer.
  const existing = await findMedia(db, row.uuid);
  if (!existing) throw new Error(`media ${row.uuid}: neither inserted nor found`);
  return existing;
}

/** Notes that this person uploaded (or uploaded again) the media: many people may upload the same bytes. */
export async function noteUpload(db: Db, uuid: string, userId: number): Promise<void> {
  await db.execute(sql`insert into media_uploads (uuid, user_id) values (${uuid}, ${userId}) on conflict do nothing`);
}

/** The media when this person uploaded it, else undefined. */
export async function findOwnMedia(db: Db, uuid: string, userId: number): Promise<MediaRow | undefined> {
  return firstRow(
    db,
    MediaRow,
    sql`select ${COLUMNS} from media
         where uuid = ${uuid} and exists (select 1 from media_uploads u where u.uuid = media.uuid and u.user_id = ${userId})`,
  );
}

/** Every stored upload's uuid (backups copy their originals); rows are never deleted, so a later read is a superset. */
export async function mediaUuids(db: Db): Promise<string[]> {
  return (await rows(db, z.object({ uuid: col.text }), sql`select uuid from media order by uuid`)).map((r) => r.uuid);
}
