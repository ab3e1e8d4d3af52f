import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import { REVIEWER_ROLES } from '../../../shared/moderation.ts';
import type { SubsiteWithRole } from './queries.ts';

/** Who may read, write and edit entries; every entry permission is decided here. */
type Viewer = { id: number; role: Role } | null;
/** `closed`: the entry is in a private community the viewer is not a member of (subsites `readsSubsite`). */
type EntryFacts = { authorId: number; isPublished: boolean; removed: boolean; closed?: boolean };

export const canEdit = (viewer: Viewer, e: Pick<EntryFacts, 'authorId'>) =>
  viewer !== null && (viewer.id === e.authorId || isStaff(viewer));

/**
 * Published entries are public, but a private community's only to its members; drafts only to their author and staff;
 * removed ones to nobody. The author and staff read an entry wherever it is.
 */
export const canRead = (viewer: Viewer, e: EntryFacts) =>
  !e.removed && ((e.isPublished && !e.closed) || canEdit(viewer, e));

/**
 * For the editor and `writing/save`: an entry the actor cannot even see is 404 (drafts stay secret),
 * one they can see but not edit is 403.
 */
export function assertCanEdit(actor: NonNullable<Viewer>, e: EntryFacts | undefined): asserts e is EntryFacts {
  if (!e || !canRead(actor, e)) throw notFound(messages.entryNotFound);
  if (!canEdit(actor, e)) throw forbidden(messages.entryEditForbidden);
}

/**
 * Posting into a subsite, the one place that decides it (publishing, moving an entry, the editor's list): one's own
 * blog; any subsite where one holds a role (owner, admin, moderator, editor, author); a community by its posting rule
 * (`everyone`, `members`: its subscribers, `authors`: the team only; a private community's `everyone` is its members). Staff may post into every community, never
 * into another person's blog. Answers why not, or null.
 */
export function postingRefusal(actor: NonNullable<Viewer>, target: SubsiteWithRole): string | null {
  const s = target.subsite;
  if (s.type === 'user') return s.id === actor.id ? null : messages.entryCannotPostHere;
  if (target.role !== null || isStaff(actor)) return null;
  if (s.type !== 'community') return messages.entryCannotPostHere;
  // A private community's door is its membership: 'everyone' there means its members.
  if (s.isPrivate && s.posting !== 'authors' && !target.member) return messages.privatePostingMembersOnly;
  if (s.posting === 'everyone' || (s.posting === 'members' && target.member)) return null;
  return s.posting === 'members' ? messages.entryPostingMembersOnly : messages.entryPostingAuthorsOnly;
}

export const canPostTo = (actor: NonNullable<Viewer>, target: SubsiteWithRole) =>
  postingRefusal(actor, target) === null;

export function assertCanPostTo(
  actor: NonNullable<Viewer>,
  target: SubsiteWithRole | undefined,
): asserts target is SubsiteWithRole {
  if (!target) throw notFound(messages.subsiteNotFound);
  const refusal = postingRefusal(actor, target);
  if (refusal) throw forbidden(refusal);
}

/**
 * A moderated community holds a publication for its approval queue unless its author reviews that queue (owner,
 * admin, the community's moderator) or is staff.
 */
export const needsApproval = (actor: NonNullable<Viewer>, target: SubsiteWithRole) =>
  target.subsite.type === 'community' &&
  target.subsite.isModerated &&
  !isStaff(actor) &&
  !REVIEWER_ROLES.includes(target.role ?? '');

/**
 * Keeping an entry off the main feeds is a staff decision. Others may send the flag only unchanged
 * (a form that echoes the current value must keep working); a change is refused with 403.
 */
export function assertHiddenFromMain(actor: NonNullable<Viewer>, wanted: boolean | undefined, current: boolean) {
  if (wanted !== undefined && wanted !== current && !isStaff(actor))
    throw forbidden(messages.entryHideFromMainForbidden);
}
