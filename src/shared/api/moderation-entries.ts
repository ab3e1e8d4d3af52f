import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { flagField, idField, intField, parentIdField, plainBody } from '../validation.ts';
import { contract } from './contract.ts';
import { reasonField } from './moderation.ts';

/** Staff actions on entries and comments (spec/content.md §4, §6, §7), a reader's hidden entries and 18+ choices. */

const int = z.number().int();
const entryParams = z.strictObject({ id: idField(messages.entryIdInvalid) });
const pinState = flagField(messages.commentPinStateInvalid);

/** One pinned comment per entry (pinning another replaces it): staff and the entry's subsite managers. */
export const pinComment = contract({
  method: 'POST',
  path: '/admin/comments/pin',
  access: 'active',
  body: plainBody({ id: idField(messages.commentPinIdInvalid), state: pinState }),
  /** `unpinned_id`: the comment this pin replaced. */
  response: z.object({ id: int, entry_id: int, is_pinned: z.boolean(), unpinned_id: int.nullable() }),
  errors: [
    'comment_id_invalid',
    'comment_pin_state_invalid',
    'comment_not_found',
    'comment_pin_forbidden',
    'comment_pin_removed',
    'comment_pin_reply',
    'comment_not_pinned',
  ],
});

/** Staff take an entry back to drafts, locked: its author cannot publish it again until staff unlock it. */
export const unpublish = contract({
  method: 'POST',
  path: '/content/unpublish/:id',
  access: 'staff',
  params: entryParams,
  body: plainBody({ reason_text: reasonField, reason_id: parentIdField(messages.reasonIdInvalid).default(null) }),
  response: z.object({ id: int, is_published: z.literal(false), locked_by_admin: z.literal(true) }),
  errors: [
    'entry_id_invalid',
    'wrong_type',
    'reason_id_invalid',
    'entry_action_forbidden',
    'unpublish_reason_required',
    'ban_reason_too_long',
    'entry_not_found',
    'entry_not_published',
  ],
});

/** Staff release an entry they unpublished: it is published again as it was. */
export const unlock = contract({
  method: 'POST',
  path: '/admin/content/unlock/:id',
  access: 'staff',
  params: entryParams,
  response: z.object({ id: int, is_published: z.boolean(), locked_by_admin: z.boolean() }),
  errors: ['entry_id_invalid', 'entry_action_forbidden', 'entry_not_found', 'entry_not_locked'],
});

const entryFlags = z.object({ id: int, is_nsfw: z.boolean(), is_hidden_from_main: z.boolean() });
const flagErrors = ['entry_id_invalid', 'entry_not_found'] as const;

/** Hides an entry from the main page (staff). */
export const unforce = contract({
  method: 'POST',
  path: '/content/unforce/:id',
  access: 'staff',
  params: entryParams,
  response: entryFlags,
  errors: [...flagErrors, 'entry_action_forbidden'],
});

/** Marks an entry 18+ (staff: `can_mark_nsfw` is theirs). */
export const nsfw = contract({
  method: 'POST',
  path: '/content/nsfw/:id',
  access: 'active',
  params: entryParams,
  response: entryFlags,
  errors: [...flagErrors, 'nsfw_forbidden'],
});

export const unnsfw = contract({ ...nsfw, path: '/content/unnsfw/:id' });

const hidden = z.object({ content_id: int, is_hidden: z.boolean() });

/** The spec's name for hiding an entry from one's own feeds: the same rows as the stub's /content/hide. */
export const mute = contract({
  method: 'POST',
  path: '/content/mute/:id',
  access: 'active',
  params: entryParams,
  response: hidden,
  errors: ['entry_id_invalid', 'entry_not_found'],
});

export const unmute = contract({ ...mute, path: '/content/unmute/:id' });

/** The age confirmation: a year-long cookie for everyone, the account's choice too when signed in. */
export const setAdult = contract({
  method: 'POST',
  path: '/subsite/is_adult',
  access: 'anyone',
  body: plainBody({ is_adult: flagField(messages.adultFlagInvalid) }),
  response: z.object({ is_adult: z.boolean() }),
  errors: ['adult_flag_invalid'],
});

/** The signed-in reader's choice to keep 18+ entries blurred. */
export const setBlurNsfw = contract({
  method: 'POST',
  path: '/subsite/is_blur_nsfw',
  access: 'user',
  body: plainBody({ is_blur_nsfw: flagField(messages.adultFlagInvalid) }),
  response: z.object({ is_blur_nsfw: z.boolean() }),
  errors: ['adult_flag_invalid'],
});

/**
 * Pins a published entry to the top of its subsite's feed, or of the main feed when `subsite_id` is 0 (one per feed,
 * pinning another replaces it); state 0 unpins. Staff, and the subsite's managers for its own feed.
 */
export const pinToFeed = contract({
  method: 'POST',
  path: '/admin/content/pin',
  access: 'active',
  body: plainBody({
    content_id: idField(messages.entryIdInvalid),
    subsite_id: intField(messages.banSubsiteInvalid, 0),
    state: pinState.default(true),
  }),
  /** `unpinned_id`: the entry this pin replaced. */
  response: z.object({ content_id: int, subsite_id: int, is_pinned: z.boolean(), unpinned_id: int.nullable() }),
  errors: [
    'entry_id_invalid',
    'ban_subsite_invalid',
    'comment_pin_state_invalid',
    'entry_not_found',
    'subsite_not_found',
    'feed_pin_forbidden',
    'feed_pin_not_in_subsite',
    'entry_not_published',
    'feed_not_pinned',
  ],
});

/** Staff close (or, with state 0, open) an entry's editing to its author. */
export const closeEditing = contract({
  method: 'POST',
  path: '/admin/content/close_editing/:id',
  access: 'staff',
  params: entryParams,
  body: plainBody({ state: pinState.default(true) }),
  response: z.object({ id: int, is_closed_editing: z.boolean() }),
  errors: [
    'entry_id_invalid',
    'comment_pin_state_invalid',
    'entry_action_forbidden',
    'entry_not_found',
    'editing_not_closed',
  ],
});
