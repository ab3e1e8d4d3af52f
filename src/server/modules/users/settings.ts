import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { FEED_SORTINGS } from '../../../shared/feed.ts';
import { GENDERS } from '../../../shared/gender.ts';
import { WRITE_RULES } from '../../../shared/messenger.ts';
import { NOTIFICATION_TYPES } from '../../../shared/notifications.ts';
import * as q from './queries.ts';

/**
 * A person's preferences, one typed store per module (issue 26: one owner per table). The `user_settings` row of a
 * module holds only the keys its schema names; a stored value of the wrong shape reads as absent, so each module's
 * defaults apply. Only the module named in a store's comment writes through it.
 */
function store<Shape extends z.ZodRawShape>(module: string, shape: Shape) {
  type Value = Partial<z.output<z.ZodObject<Shape>>>;
  const read = (stored: Record<string, unknown> | undefined): Value => {
    const out: Record<string, unknown> = {};
    if (stored && typeof stored === 'object' && !Array.isArray(stored))
      for (const [key, type] of Object.entries(shape)) {
        const value = stored[key];
        const parsed = value === undefined ? undefined : (type as z.ZodType).safeParse(value);
        if (parsed?.success) out[key] = parsed.data;
      }
    return out as Value;
  };
  return {
    read: async (db: Db, userId: number): Promise<Value> => read(await q.settingsRow(db, userId, module)),
    readMany: async (db: Db, userIds: number[]): Promise<Map<number, Value>> => {
      const found = await q.settingsRows(db, userIds, module);
      return new Map(userIds.map((id) => [id, read(found.get(id))]));
    },
    merge: (db: Db, userId: number, patch: Value) => q.mergeSettings(db, userId, module, { patch }),
    remove: (db: Db, userId: number, keys: (keyof Shape & string)[]) =>
      q.mergeSettings(db, userId, module, { remove: keys }),
    /** Merges `patch` into each named key's own object (keys whose values are objects). */
    mergeEach: (db: Db, userId: number, keys: (keyof Shape & string)[], patch: Record<string, unknown>) =>
      q.mergeSettings(db, userId, module, { nested: keys, patch }),
  };
}

const channels = z.object({ site: z.boolean().optional(), email: z.boolean().optional() });

export const settings = {
  /** subsites: the default sorting of the reader's feed. */
  subsites: store('subsites', { feed_sorting: z.enum(FEED_SORTINGS) }),
  /** discovery: the tuning popup was answered; when the reader last opened a recent feed (unix seconds). */
  discovery: store('discovery', { subsites_tuned: z.boolean(), recent_last_seen: z.number().int() }),
  /** moderation: the 18+ choices (read by users for every page). */
  adult: store('adult', { is_adult: z.boolean(), is_blur_nsfw: z.boolean() }),
  /** notifications: the grammatical gender a person chose for the texts about them. */
  profile: store('profile', { gender: z.enum(GENDERS) }),
  /** notifications: per type, the site and mail channels a person turned on or off. */
  notifications: store(
    'notifications',
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channels])) as Record<
      (typeof NOTIFICATION_TYPES)[number],
      typeof channels
    >,
  ),
  /** messenger: who may write to the person and whether unread messages are mailed. */
  messenger: store('messenger', { write: z.enum(WRITE_RULES), email: z.boolean() }),
  /** vacancies: the reader's town (`lib/towns.ts` id), the default of the job and event lists. */
  location: store('location', { city_id: z.number().int().positive() }),
};
