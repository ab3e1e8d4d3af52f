import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { entry, entryData, entryRejection, subsiteRef } from '../entries.ts';
import { entryBlocksField, entryTitleField } from '../blocks.ts';
import { flagField, idField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { idPage } from './cards.ts';

/** Writing and reading entries (spec/content.md). */

const idParams = z.object({ id: idField(messages.entryIdInvalid) });

const flag = flagField(messages.entryFlagInvalid);

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
    'entry_hide_from_main_forbidden',
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
  response: entryData,
  errors: ['entry_id_invalid', 'entry_not_found'],
});
