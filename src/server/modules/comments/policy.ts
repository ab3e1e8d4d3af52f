import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import type { CommentRow, EntryRow } from './queries.ts';

/** Who may do what with comments; every comment permission is decided here. */
type Viewer = { id: number; role: Role } | null;

/** Comments are read and written only under an entry that readers can see. */
export function assertEntryVisible(entry: EntryRow | undefined): asserts entry is EntryRow {
  if (!entry || !entry.is_published || entry.removed) throw notFound(messages.entryNotFound);
}

/** A private community's discussion is its members' (`closed`: the viewer is none of them, nor the author or staff). */
export function assertNotClosed(entry: EntryRow, closed: boolean) {
  if (closed) throw new ApiError(403, messages.entryPrivate, { subsite_id: entry.subsite_id });
}

/** Writing (adding or editing) needs the entry's comments switched on. */
export function assertCommentsOpen(entry: EntryRow) {
  if (!entry.is_enabled_comments) throw forbidden(messages.commentsDisabled);
}

/** A removed comment is gone for everyone but the tree's stub (and staff removing the branch under it). */
export function assertCommentExists(
  comment: CommentRow | undefined,
  removedToo = false,
): asserts comment is CommentRow {
  if (!comment || (comment.removed && !removedToo)) throw notFound(messages.commentNotFound);
}

/** The reply target must be a living comment of the same entry. */
export function assertReplyTarget(parent: CommentRow | undefined, entryId: number) {
  if (!parent || parent.removed || parent.entry_id !== entryId) throw new ApiError(400, messages.commentReplyNotFound);
}

/** Its author edits a comment; staff may too. Not a removed one, and not while comments are off. */
export const canEdit = (viewer: Viewer, comment: CommentRow, entry: EntryRow) =>
  viewer !== null &&
  !comment.removed &&
  entry.is_enabled_comments &&
  (comment.author_id === viewer.id || isStaff(viewer));

/** Its author removes a comment; staff may remove any. */
export const canRemove = (viewer: Viewer, comment: CommentRow) =>
  viewer !== null && !comment.removed && (comment.author_id === viewer.id || isStaff(viewer));

export function assertCanEdit(viewer: Viewer, comment: CommentRow, entry: EntryRow) {
  assertCommentsOpen(entry);
  if (!canEdit(viewer, comment, entry)) throw forbidden(messages.commentEditForbidden);
}

export function assertCanRemove(viewer: Viewer, comment: CommentRow) {
  if (!canRemove(viewer, comment)) throw forbidden(messages.commentRemoveForbidden);
}

/** Whole branches are a moderation tool: staff only. */
export function assertCanRemoveBranch(viewer: Viewer) {
  if (!viewer || !isStaff(viewer)) throw forbidden();
}

/**
 * A comment written as a subsite names its writer to staff (moderation, the audit log) and to the writer; readers see
 * only the subsite.
 */
export const seesWriter = (viewer: Viewer, comment: CommentRow) =>
  viewer !== null && (comment.author_id === viewer.id || isStaff(viewer));

/** The comment author switch: only as a community or company the writer manages (its creator or an admin). */
export function assertCanWriteAs(subsite: { type: string } | undefined, manages: boolean) {
  if (!subsite) throw notFound(messages.subsiteNotFound);
  if (subsite.type === 'user' || !manages) throw forbidden(messages.commentAsSubsiteForbidden);
}
