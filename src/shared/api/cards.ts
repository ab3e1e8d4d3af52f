import { z } from 'zod';
import { subsiteRef } from '../entries.ts';

/**
 * The answer shapes many routes share (spec/content.md §3). Entry cards, whole entries and the authors and subsites
 * they name are src/shared/entries.ts's schemas, given here too so a contract takes its shapes from one place; subsite
 * cards and hashtags live here.
 */
export { authorRef, entry, entryCard, likes, subsiteRef } from '../entries.ts';
export { storedBlock } from '../blocks.ts';

const int = z.number().int();

export const subsiteType = subsiteRef.shape.type;

/**
 * A page of a list read newest first by a cursor: its items, the last item's id (null on an empty page) and whether
 * the list has ended. The next page's call sends `last_id` back.
 */
export const idPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), last_id: int.nullable(), is_finished: z.boolean() });

/** `idPage` of a list sorted by something besides the id: the last item's value of it is the cursor's other half. */
export const sortedPage = <T extends z.ZodType, S extends z.ZodType>(item: T, sortingValue: S) =>
  idPage(item).extend({ last_sorting_value: sortingValue.nullable() });

/** A subsite card (src/shared/api.ts `SubsiteCard`). */
export const subsiteCard = z.object({
  id: int,
  type: subsiteType,
  name: z.string(),
  url: z.string(),
  description: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  subscribers_count: int,
  is_subscribed: z.boolean(),
});

/** One tag as lists and suggestions show it; `count`: its published entries. */
export const hashtagItem = z.object({ name: z.string(), url: z.string(), count: int });
