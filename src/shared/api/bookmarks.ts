import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { authorRef, entryCard, likes } from '../entries.ts';
import { idField, intChoice, targetField } from '../reactions.ts';
import { microsecondTimeField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { sortedPage } from './cards.ts';

/** Bookmarks and sharing (spec/content.md §7): the model of a module's contracts. */

/** `state` 1 keeps a bookmark, 0 drops it; asking twice changes nothing. */
export const change = contract({
  method: 'POST',
  path: '/favorite/change',
  access: 'active',
  body: plainBody({
    id: idField,
    type: targetField,
    state: intChoice([0, 1] as const, messages.favoriteStateInvalid),
  }),
  /** `count`: the entry's bookmark count after the change (comments keep none: null). */
  response: z.object({
    id: z.number().int(),
    type: z.enum(['content', 'comment']),
    state: z.union([z.literal(0), z.literal(1)]),
    count: z.number().int().nullable(),
  }),
  errors: ['favorite_state_invalid', 'reaction_type_invalid', 'entry_not_found', 'comment_not_found'],
});
export type FavoriteData = ContractOutput<typeof change>;

/** A bookmarked comment as the bookmarks page lists it. */
export const bookmarkedComment = z.object({
  id: z.number().int(),
  /** `/{entryId}?comment={id}`: opens the entry scrolled to the comment. */
  url: z.string(),
  text: z.string(),
  date: z.string(),
  author: authorRef,
  entry: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
  likes,
});

/** A cursor page of bookmarks, newest bookmark first; `last_id` and `last_sorting_value` go back for the next. */
const bookmarksPage = <T extends z.ZodType>(item: T) => sortedPage(item, z.string());
export const bookmarkedEntries = bookmarksPage(entryCard);
export const bookmarkedComments = bookmarksPage(bookmarkedComment);

/** The bookmarks page's "show more": `type` content (default) or comment, the cursor from the previous page. */
export const list = contract({
  method: 'GET',
  path: '/bookmarks',
  access: 'user',
  query: plainBody({
    type: targetField.optional(),
    last_id: idField.optional(),
    last_sorting_value: microsecondTimeField(messages.bookmarksCursorInvalid).optional(),
  }).refine((v) => (v.last_id === undefined) === (v.last_sorting_value === undefined), {
    message: messages.bookmarksCursorInvalid,
    path: ['last_id'],
  }),
  /** Entry cards for `type` content, comments for `type` comment. */
  response: z.union([bookmarkedEntries, bookmarkedComments]),
  errors: ['bookmarks_cursor_invalid', 'reaction_type_invalid', 'reaction_id_invalid'],
});

const shareService = z.object({
  short_name: z.enum(['vk', 'telegram', 'ok', 'whatsapp', 'x', 'email']),
  name: z.string(),
  url: z.string(),
});
export type ShareService = z.output<typeof shareService>;

/** The entry's link and the share services' addresses for it (the share dialog). */
export const shares = contract({
  method: 'GET',
  path: '/content/shares/mobile/:id',
  access: 'anyone',
  params: z.object({ id: idField }),
  response: z.object({ url: z.string(), services: z.array(shareService) }),
  errors: ['entry_not_found'],
});
export type SharesData = ContractOutput<typeof shares>;
