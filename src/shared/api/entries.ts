import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { entry, entryData, entryRejection, subsiteRef } from '../entries.ts';
import { entryBlocksField, entryTitleField, image } from '../blocks.ts';
import { emptyAs, flagField, idField, intField, listField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { idPage } from './cards.ts';

/** Writing and reading entries (spec/content.md). */

const idParams = z.object({ id: idField(messages.entryIdInvalid) });

const flag = flagField(messages.entryFlagInvalid);

/** The secret link's key: 32 hexadecimal digits. */
export const accessKeyField = z
  .string({ error: messages.entryAccessInvalid })
  .regex(/^[0-9a-f]{32}$/, messages.entryAccessInvalid);

/** Country codes (ISO 3166-1 alpha-2) as a JSON array or one comma-separated string; an empty one clears. */
const withheldField = listField(
  z
    .array(
      z
        .string({ error: messages.entryWithheldInvalid })
        .trim()
        .regex(/^[A-Za-z]{2}$/, messages.entryWithheldInvalid)
        .transform((c) => c.toUpperCase()),
      { error: messages.entryWithheldInvalid },
    )
    .max(50, messages.entryWithheldInvalid)
    .transform((codes) => [...new Set(codes)]),
  { comma: true },
);

/** The entry model's fields a save may set (spec/content.md §3); who may set which: entries/fields.ts. */
export const entryFieldsBody = {
  // The author's (and staff's).
  is_advertisement: flag.optional(),
  is_still_updating: flag.optional(),
  is_enabled_best_comments: flag.optional(),
  is_show_thanks: flag.optional(),
  is_clean_cover: flag.optional(),
  /** An image as a media block holds it; null or '' removes it. */
  custom_cover: emptyAs(null, image.nullable()).optional(),
  external_access: flag.optional(),
  /** Makes a new secret link (the old one stops working). */
  renew_access_link: flag.optional(),
  // Staff's: others may send them only unchanged.
  forced_to_mainpage: flag.optional(),
  is_editorial: flag.optional(),
  is_holdonmain: flag.optional(),
  /** How long `is_holdonmain` holds it, 1…72 hours (4 when absent). */
  holdonmain_hours: intField(messages.entryHoldHoursInvalid, 1, 72).optional(),
  is_holdonflash: flag.optional(),
  /** How long `is_holdonflash` holds it at the top of the flash block, 1…72 hours (4 when absent). */
  holdonflash_hours: intField(messages.entryHoldFlashHoursInvalid, 1, 72).optional(),
  is_special: flag.optional(),
  is_filled_by_editors: flag.optional(),
  is_enabled_ad: flag.optional(),
  is_disabled_apps: flag.optional(),
  custom_style: z
    .string({ error: messages.entryCustomStyleInvalid })
    .max(200, messages.entryCustomStyleInvalid)
    .regex(/^[A-Za-z0-9 _-]*$/, messages.entryCustomStyleInvalid)
    .optional(),
  withheld: withheldField.optional(),
};

/**
 * Saves the editor's entry: a new one without `id`; `is_published` publishes it (or sends it for review where the
 * subsite or the account's age asks). The message says what the save did: saved, published, updated, held.
 * `is_hidden_from_main` is staff's alone.
 */
export const save = contract({
  method: 'POST',
  path: '/writing/save',
  access: 'active',
  body: plainBody({
    id: idField(messages.entryIdInvalid).optional(),
    title: entryTitleField,
    subsite_id: idField(messages.subsiteNotFound).optional(),
    entry: entryBlocksField,
    is_published: flag,
    is_enabled_comments: flag.optional(),
    is_enabled_likes: flag.optional(),
    is_nsfw: flag.optional(),
    is_hidden_from_main: flag.optional(),
    ...entryFieldsBody,
  }),
  response: entryData,
  errors: [
    'entry_id_invalid',
    'entry_not_found',
    'entry_edit_forbidden',
    'entry_empty',
    'entry_cannot_post_here',
    'entry_posting_authors_only',
    'entry_posting_members_only',
    'private_posting_members_only',
    'entry_hide_from_main_forbidden',
    'entry_field_staff_only',
    'subsite_not_found',
  ],
});

/** The entry for its editor: 404 when the caller cannot see it, 403 when they may read but not edit it. */
export const forEdit = contract({
  method: 'GET',
  path: '/writing/get/:id',
  access: 'user',
  params: idParams,
  response: entryData,
  errors: ['entry_id_invalid', 'entry_not_found', 'entry_edit_forbidden'],
});

/** A draft as the `/drafts` page lists it. */
export const draftItem = z.object({
  id: z.number().int(),
  /** As saved: empty when the author has not titled it yet (the page shows 'Без названия'). */
  title: z.string(),
  /** The first text block as plain text, shortened: tells untitled drafts apart. */
  intro: z.string(),
  /** The last change (an autosave counts). */
  date: z.string(),
  subsite: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  /** Sent to be published and waiting (a community's approval, or held for staff), as the entry says it. */
  awaiting_review: entry.shape.awaiting_review,
  /** Its community's reviewers rejected it, with their reason. */
  rejection: entryRejection.nullable(),
});

/** Newest change first, paged by `last_id`. */
export const draftsList = idPage(draftItem);

/** The way back to a draft after the editor closed: the signed-in user's own, newest change first. */
export const drafts = contract({
  method: 'GET',
  path: '/writing/drafts',
  access: 'user',
  query: plainBody({ last_id: idField(messages.draftsCursorInvalid).optional() }),
  response: draftsList,
  errors: ['drafts_cursor_invalid'],
});

/** The editor popup's subsite choice (the /writing page gets the same list from its loader). */
export const targets = contract({
  method: 'GET',
  path: '/writing/targets',
  access: 'user',
  /** The user's blog first, then the subsites where they hold a role, then open communities. */
  response: z.object({ targets: z.array(subsiteRef) }),
});
export type TargetsData = ContractOutput<typeof targets>;

/** An entry as its reader may see it. */
export const read = contract({
  method: 'GET',
  path: '/entry/:id',
  access: 'anyone',
  params: idParams,
  /** `access`: the secret link's key (`access_link`), which opens a draft whose author shared it. */
  query: plainBody({ access: accessKeyField.optional() }),
  response: entryData,
  /** `entry_private` (403): an entry of a private community the caller is not a member of (`data.subsite_id`). */
  errors: ['entry_id_invalid', 'entry_not_found', 'entry_access_invalid', 'entry_private'],
});
