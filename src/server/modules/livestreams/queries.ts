import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { liveStreams, subsites, users } from '../../db/schema.ts';
import type { LiveStreamAccess, LiveStreamKind } from '../../../shared/livestreams.ts';

export type StreamRow = typeof liveStreams.$inferSelect;

const ofSubsite = (subsiteId: number | null) =>
  subsiteId === null ? isNull(liveStreams.subsiteId) : eq(liveStreams.subsiteId, subsiteId);

/** The stream of a subsite, or the site's (null). */
export async function streamOf(db: Db, subsiteId: number | null): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(liveStreams).where(ofSubsite(subsiteId)).limit(1);
  return row;
}

export async function streamById(db: Db, id: number): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, id)).limit(1);
  return row;
}

export interface StreamValues {
  sourceUrl: string;
  kind: LiveStreamKind;
  title: string;
  coverUrl: string | null;
  access: LiveStreamAccess;
}

/** Writes the settings of the subsite's (or the site's) stream, made on the first save; whether it is on stays. */
export async function saveStream(
  db: Db,
  subsiteId: number | null,
  values: StreamValues,
  userId: number,
  now: Date,
): Promise<StreamRow> {
  const set = { ...values, updatedBy: userId, updatedAt: now };
  const [row] = await db
    .insert(liveStreams)
    .values({ subsiteId, ...set })
    .onConflictDoUpdate({ target: liveStreams.subsiteId, set })
    .returning();
  return row;
}

/** Turns a stream on (a new `enabled_at`: closed players show again) or off; the row after. */
export async function setEnabled(db: Db, id: number, on: boolean, userId: number, now: Date): Promise<StreamRow> {
  const [row] = await db
    .update(liveStreams)
    .set(
      on
        ? { isEnabled: true, enabledAt: now, updatedBy: userId, updatedAt: now }
        : { isEnabled: false, updatedBy: userId, updatedAt: now },
    )
    .where(eq(liveStreams.id, id))
    .returning();
  return row;
}

/** The streams that are on, with their subsite's name and address parts (the pages' slot picks one). */
export function enabledStreams(db: Db) {
  return db
    .select({
      stream: liveStreams,
      subsite: { id: subsites.id, name: subsites.name, type: subsites.type, slug: subsites.slug },
    })
    .from(liveStreams)
    .leftJoin(subsites, eq(subsites.id, liveStreams.subsiteId))
    .where(eq(liveStreams.isEnabled, true));
}
export type EnabledStream = Awaited<ReturnType<typeof enabledStreams>>[number];

/** Whether the person has Plus now (a live token lives a day; Plus may end sooner). */
export async function hasPlus(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isPaid, true)))
    .limit(1);
  return row !== undefined;
}
