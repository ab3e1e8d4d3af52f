import { z } from 'zod';
import { captchaField } from '../captcha.ts';
import { messages } from '../catalogue.ts';
import { COMMENT_MAX_LENGTH, COMMENT_SORTINGS, COMMENTS_PAGE_MAX } from '../comments.ts';
import { authorRef, likes } from '../entries.ts';
import { idField, intField, parentIdField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { mediaImage } from './media.ts';

/** Comments of an entry (spec/content.md §7). */

/**
 * One comment of an entry's flat list. The list comes in tree order (each reply right after its parent's
 * earlier replies), so a client renders it top to bottom with `level` as the indent.
 */
export const comment = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  /** The parent comment, null for a top-level comment. */
  reply_to: z.number().int().nullable(),
  /** 0 for a top-level comment, parent's level + 1 for a reply. */
  level: z.number().int(),
  /** Safe HTML: escaped text in paragraphs, line breaks and http(s) links; empty for a removed comment. */
  text: z.string(),
  /** The plain text as written, for the edit form; null unless the reader may edit. */
  source: z.string().nullable(),
  date: z.string(),
  modification_date: z.string().nullable(),
  /**
   * null for a removed comment (kept as a stub because it has replies). A comment written as a community or company
   * (the comment author switch) names the subsite here: its name, avatar and link.
   */
  author: authorRef.nullable(),
  /** Who wrote a comment shown as a subsite: told to staff and to the writer only, null otherwise. */
  written_by: authorRef.nullable(),
  likes,
  is_favorited: z.boolean(),
  is_removed: z.boolean(),
  /** The entry's one pinned comment, shown first ('Закреплён'). */
  is_pinned: z.boolean(),
  can_edit: z.boolean(),
  can_remove: z.boolean(),
  /** Written after the reader's last visit (see `newCommentIds`). */
  is_new: z.boolean(),
  /**
   * What the comment carries besides its text (spec/content.md names `attaches` on entries): at most one gif its
   * writer uploaded, shown as the gif's mp4 (muted, looping); empty for a removed comment.
   */
  attaches: z.array(z.object({ type: z.literal('image'), data: mediaImage })),
});

export const commentsList = z.object({ items: z.array(comment) });

/**
 * A page of a discussion (`GET /comments` with `count`, `cursor`, `thread` or `comment`): whole threads in tree order,
 * each top-level comment followed by its first replies.
 */
export const commentsPage = z.object({
  items: z.array(comment),
  /** Replies of a thread not in this answer, after its last item here: top-level comment id → how many. */
  more: z.record(z.string(), z.number().int()),
  /** Sent back as `cursor` for the threads after this page; null on the last page (and for `thread` answers). */
  cursor: z.string().nullable(),
  /** The living comments of the entry (the heading's number and the seen mark). */
  count: z.number().int(),
  /** The seen mark `is_new` was told by (ms since the epoch); later pages of the visit send it back. */
  seen: z.object({ count: z.number().int(), at: z.number() }).nullable(),
  /** The best comments, shown above the discussion: on a first page, when the entry's author keeps them on. */
  best: z.array(comment).optional(),
});

/** What removing a comment (or a branch) changed. */
export const commentRemoved = z.object({
  removed_ids: z.array(z.number().int()),
  comments_count: z.number().int(),
});

const entryGone = ['entry_not_found', 'entry_private'] as const;

/**
 * The whole discussion by default (`{items}`); with `count`, `cursor`, `thread` or `comment` a page of it: threads
 * after `cursor`, the replies of `thread` after `after`, or a first page with the thread of `comment` on it.
 */
export const list = contract({
  method: 'GET',
  path: '/comments',
  access: 'anyone',
  query: plainBody({
    content_id: idField(messages.commentEntryIdInvalid),
    sorting: z.enum(COMMENT_SORTINGS, { error: messages.commentSortingInvalid }).default('popular'),
    count: intField(messages.commentsCountInvalid(COMMENTS_PAGE_MAX), 1, COMMENTS_PAGE_MAX).optional(),
    cursor: z.string({ error: messages.commentCursorInvalid }).max(60, messages.commentCursorInvalid).optional(),
    thread: idField(messages.commentThreadInvalid).optional(),
    after: idField(messages.commentCursorInvalid).optional(),
    comment: idField(messages.commentIdInvalid).optional(),
    seen_count: intField(messages.commentSeenCountInvalid).optional(),
    seen_at: intField(messages.commentSeenAtInvalid, 0, 8_640_000_000_000_000).optional(),
  }),
  response: z.union([commentsPage, commentsList]),
  errors: [
    'entry_id_invalid',
    'comment_sorting_invalid',
    'comments_count_invalid',
    'comment_cursor_invalid',
    'comment_thread_invalid',
    'comment_id_invalid',
    'comment_seen_count_invalid',
    'comment_seen_at_invalid',
    'comment_seen_pair',
    'comment_page_params',
    ...entryGone,
  ],
});
export type CommentsListData = ContractOutput<typeof list>;

// The service trims and checks the real limit; this only keeps absurd payloads away from the text clean-up.
const textField = z
  .string({ error: (iss) => (iss.input === undefined ? messages.commentEmpty : messages.wrongType) })
  .max(COMMENT_MAX_LENGTH * 4, messages.commentTooLong(COMMENT_MAX_LENGTH));

/**
 * A gif for the comment to carry: the media uuid `/andropov/upload` or `/andropov/upload/urls` answered to this
 * writer (the server looks it up; nothing else about it is taken from the client). On edit, '' takes it away and
 * absence keeps it.
 */
const attachField = z
  .string({ error: messages.commentAttachInvalid })
  .regex(/^[0-9a-f-]{32,40}$/i, messages.commentAttachInvalid);

const textErrors = [
  'comment_empty',
  'comment_too_long',
  'comment_attach_invalid',
  'media_gif_not_found',
  'media_gif_only',
] as const;

/** A new comment or a reply (new accounts: a few an hour, then rc 418 and the captcha). */
export const add = contract({
  method: 'POST',
  path: '/comment/add',
  access: 'active',
  body: plainBody({
    id: idField(messages.commentEntryIdInvalid),
    text: textField,
    reply_to: parentIdField(messages.commentIdInvalid),
    attach: attachField.optional(),
    /** The comment author switch: a community or company the writer manages; absent or 0 for themselves. */
    as_subsite_id: parentIdField(messages.commentAsSubsiteInvalid).optional(),
    captcha: captchaField,
  }),
  response: comment,
  errors: [
    'entry_id_invalid',
    'comment_id_invalid',
    ...textErrors,
    ...entryGone,
    'comments_disabled',
    'comment_reply_not_found',
    'banned_in_subsite',
    'blocked_reply',
    'blocked_mention',
    'captcha_required',
    'captcha_invalid',
    'comment_as_subsite_invalid',
    'comment_as_subsite_forbidden',
    'subsite_not_found',
  ],
});

export const edit = contract({
  method: 'POST',
  path: '/comment/edit',
  access: 'active',
  body: plainBody({
    id: idField(messages.commentIdInvalid),
    text: textField,
    attach: z.union([z.literal(''), attachField]).optional(),
  }),
  response: comment,
  errors: ['comment_id_invalid', ...textErrors, 'comment_not_found', ...entryGone, 'comment_edit_forbidden'],
});

const idBody = plainBody({ id: idField(messages.commentIdInvalid) });

/** Removes a comment: its author or staff. Its replies stay; the list shows it as a stub while they do. */
export const remove = contract({
  method: 'POST',
  path: '/comment/remove',
  access: 'active',
  body: idBody,
  response: commentRemoved,
  errors: ['comment_id_invalid', 'comment_not_found', ...entryGone, 'comment_remove_forbidden'],
});

/** Staff tools (spec/content.md §7): one comment. */
export const adminRemove = contract({ ...remove, path: '/admin/comments/remove', access: 'staff' });

/** Staff: the comment with every reply under it (also under a removed comment's stub). */
export const adminRemoveBranch = contract({
  method: 'POST',
  path: '/admin/comments/removeBranch',
  access: 'staff',
  body: idBody,
  response: commentRemoved,
  errors: ['comment_id_invalid', 'comment_not_found', ...entryGone, 'forbidden'],
});

/** The reader has seen `count` comments of the entry (at most as many as there are): the stored count. */
export const saveSeen = contract({
  method: 'POST',
  path: '/comments/saveCommentsSeenCount',
  access: 'user',
  body: plainBody({
    content_id: idField(messages.commentEntryIdInvalid),
    count: intField(messages.commentSeenCountInvalid),
  }),
  response: z.object({ count: z.number().int() }),
  errors: ['entry_id_invalid', 'comment_seen_count_invalid', ...entryGone],
});
