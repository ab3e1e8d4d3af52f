import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';
import type { MediaType } from '../../../shared/media.ts';

export interface MediaRow {
  uuid: string;
  type: MediaType;
  mime: string;
  width: number;
  height: number;
  size: number;
  color: string;
  /** Whole seconds of sound; 0 for pictures and video. */
  duration: number;
  external_service: unknown[];
}

const COLUMNS = sql`uuid, type, mime, width, height, size::float8 as size, color, duration, external_service`;

export async function findMedia(db: Db, uuid: string): Promise<MediaRow | undefined> {
  return (await queryRows<MediaRow>(db, sql`select ${COLUMNS} from media where uuid = ${uuid}`))[0];
}

/** Inserts the row unless the same content is already there, and answers the stored row either way. */
export async function saveMedia(db: Db, row: MediaRow, uploaderId: number): Promise<MediaRow> {
  const inserted = await queryRows<MediaRow>(db, sql`
    insert into media (uuid, type, mime, width, height, size, color, duration, external_service, uploader_id)
    values (${row.uuid}, ${row.type}, ${row.mime}, ${row.width}, ${row.height}, ${row.size}, ${row.color}, ${row.duration},
            ${JSON.stringify(row.external_service)}::jsonb, ${uploaderId})
    on conflict (uuid) do nothing
    returning ${COLUMNS}`);
  return inserted[0] ?? (await findMedia(db, row.uuid))!;
}
