import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { forbidden } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';

/** An entry's statistics are its author's and staff's. */
export function assertCanSeeStats(actor: { id: number; role: Role }, entry: { author_id: number }) {
  if (actor.id !== entry.author_id && !isStaff(actor)) throw forbidden(messages.statsForbidden);
}
