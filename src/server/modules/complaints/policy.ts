import { messages } from '../../../shared/catalogue.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { Role } from '../../../shared/api.ts';
import { isStaff } from '../auth/index.ts';

export type Actor = { id: number; role: Role };

/** Who may do what with complaints and misprints (the role matrix of docs/modules/moderation.md). */

/** A reader complains about others' things, never their own. */
export function assertNotOwn(actorId: number, ownerId: number) {
  if (actorId === ownerId) throw badRequest(messages.complaintSelf);
}

/** The complaints queue and every open misprint: staff. */
export function assertStaff(actor: Actor) {
  if (!isStaff(actor)) throw forbidden(messages.queueForbidden);
}

/** An entry's misprints: its author and staff. */
export function assertCanSeeMisprints(actor: Actor, authorId: number) {
  if (actor.id !== authorId && !isStaff(actor)) throw forbidden(messages.misprintForbidden);
}
