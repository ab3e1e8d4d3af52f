import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { GENDERS } from '../gender.ts';
import { idField, plainBody } from '../validation.ts';
import { entry, idPage, storedBlock } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';

/** An entry's versions, removing and restoring it (spec/content.md §6): its author's and staff's. */

const entryParams = z.object({ id: idField(messages.entryIdInvalid) });
const versionParams = z.object({ id: idField(messages.entryIdInvalid), historyId: idField(messages.historyIdInvalid) });

const historyItem = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  /** Who made the save; null when the account is gone. */
  author: z
    .object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      /** The one they stated, else read from the name: "Сохранил" or "Сохранила". */
      gender: z.enum(GENDERS),
    })
    .nullable(),
  /** The newest version while the entry still reads exactly like it. */
  is_current: z.boolean(),
});

const manageErrors = ['entry_not_found', 'history_forbidden'] as const;

/** Newest first, paged by `last_id`. */
export const list = contract({
  method: 'GET',
  path: '/writing/:id/history',
  access: 'user',
  params: entryParams,
  query: plainBody({ last_id: idField(messages.historyLastIdInvalid).optional() }),
  response: idPage(historyItem),
  errors: manageErrors,
});
export type HistoryListData = ContractOutput<typeof list>;

/** A version with its blocks, for the preview and the apply screen, and the entry as it is now. */
export const version = contract({
  method: 'GET',
  path: '/writing/:id/history/:historyId',
  access: 'user',
  params: versionParams,
  response: z.object({
    entry,
    version: historyItem.extend({ entry_id: z.number().int(), blocks: z.array(storedBlock) }),
  }),
  errors: ['history_version_not_found', ...manageErrors],
});
export type HistoryVersionData = ContractOutput<typeof version>;

/** The entry takes the version's title and blocks through the ordinary save (which keeps a version of its own). */
export const apply = contract({
  method: 'POST',
  path: '/writing/:id/history/:historyId/apply',
  access: 'active',
  params: versionParams,
  response: z.object({ entry }),
  errors: ['entry_not_found', 'entry_edit_forbidden', 'history_entry_removed', 'history_version_not_found'],
});

const removedState = z.object({ id: z.number().int(), removed: z.boolean(), url: z.string() });

/** Hides the entry from feeds and its page; idempotent. */
export const remove = contract({
  method: 'POST',
  path: '/writing/:id/remove',
  access: 'active',
  params: entryParams,
  response: removedState,
  errors: ['entry_not_found', 'entry_remove_forbidden'],
});
export type EntryRemovedData = ContractOutput<typeof remove>;

/** Brings a removed entry back; idempotent. */
export const restore = contract({
  ...remove,
  path: '/writing/:id/restore',
  errors: ['entry_not_found', 'entry_restore_forbidden'],
});
