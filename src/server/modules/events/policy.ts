import { boardPolicy } from '../../lib/board.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

/**
 * Who sees and changes an event (the board's rules, lib/board.ts): anyone reads a published or past one; its author
 * and staff read it in every state. Its author changes it until it is unpublished or past; its author or staff take
 * it off; only staff publish or reject.
 */
export const { canSee, canEdit, canUnpublish, canModerate, isInsider, assertSees, assertEdits, assertUnpublishes } =
  boardPolicy<UserRow>('event', ['published', 'past'], isStaff);
