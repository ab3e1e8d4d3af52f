import { messages } from '../../../shared/catalogue.ts';
import type { EventState } from '../../../shared/events.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

/**
 * Who sees and changes an event. Anyone reads a published or past one; its author and staff read it in every state
 * (the author learns why it was rejected). Its author changes it until it is unpublished or past; its author or staff
 * take it off; only staff publish or reject.
 */
interface Target {
  author_id: number;
  state: EventState;
}

const EDITABLE: readonly EventState[] = ['moderation', 'published', 'rejected'];
export const REMOVABLE_STATES: readonly EventState[] = ['moderation', 'published'];

const isInsider = (user: UserRow | null, e: Target) => user !== null && (user.id === e.author_id || isStaff(user));

export const canSee = (user: UserRow | null, e: Target) =>
  e.state === 'published' || e.state === 'past' || isInsider(user, e);

export const canEdit = (user: UserRow | null, e: Target) =>
  user !== null && user.id === e.author_id && EDITABLE.includes(e.state);

export const canUnpublish = (user: UserRow | null, e: Target) =>
  isInsider(user, e) && REMOVABLE_STATES.includes(e.state);

export const canModerate = (user: UserRow | null, e: Target) =>
  user !== null && isStaff(user) && e.state === 'moderation';

export function assertSees<T extends Target>(user: UserRow | null, e: T | undefined): T {
  if (!e || !canSee(user, e)) throw notFound(messages.eventNotFound);
  return e;
}

export function assertEdits(user: UserRow, e: Target) {
  if (e.author_id !== user.id) throw forbidden(messages.eventEditForbidden);
  if (!EDITABLE.includes(e.state)) throw forbidden(messages.eventNotEditable);
}

export function assertUnpublishes(user: UserRow, e: Target) {
  if (e.author_id !== user.id && !isStaff(user)) throw forbidden(messages.eventUnpublishForbidden);
}
