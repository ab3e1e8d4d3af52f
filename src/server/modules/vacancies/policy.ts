import { messages } from '../../../shared/catalogue.ts';
import type { VacancyState } from '../../../shared/vacancies.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

/**
 * Who sees and changes a vacancy. Anyone reads a published one; its author and staff read it in every state (the
 * author learns why it was rejected). Its author changes it until it is unpublished or expired; its author or staff
 * take it off; only staff publish or reject.
 */
interface Target {
  author_id: number;
  state: VacancyState;
}

const EDITABLE: readonly VacancyState[] = ['moderation', 'published', 'rejected'];
const REMOVABLE: readonly VacancyState[] = ['moderation', 'published'];

export const canSee = (user: UserRow | null, v: Target) =>
  v.state === 'published' || (user !== null && (user.id === v.author_id || isStaff(user)));

export const canEdit = (user: UserRow | null, v: Target) =>
  user !== null && user.id === v.author_id && EDITABLE.includes(v.state);

export const canUnpublish = (user: UserRow | null, v: Target) =>
  user !== null && (user.id === v.author_id || isStaff(user)) && REMOVABLE.includes(v.state);

export const canModerate = (user: UserRow | null, v: Target) =>
  user !== null && isStaff(user) && v.state === 'moderation';

export function assertSees<T extends Target>(user: UserRow | null, v: T | undefined): T {
  if (!v || !canSee(user, v)) throw notFound(messages.vacancyNotFound);
  return v;
}

export function assertEdits(user: UserRow, v: Target) {
  if (v.author_id !== user.id) throw forbidden(messages.vacancyEditForbidden);
  if (!EDITABLE.includes(v.state)) throw forbidden(messages.vacancyNotEditable);
}

export function assertUnpublishes(user: UserRow, v: Target) {
  if (v.author_id !== user.id && !isStaff(user)) throw forbidden(messages.vacancyUnpublishForbidden);
}

export const REMOVABLE_STATES = REMOVABLE;
