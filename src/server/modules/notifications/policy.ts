import { isStaff, requireActiveUser, type Actor } from '../auth/index.ts';
import { forbidden } from '../../http/errors.ts';

/** Who may do what with notifications. Reading and marking are always the reader's own (queries filter by user). */

/** A system message speaks for the site: staff only, and not while banned. */
export function requireSystemSender<T extends Actor>(user: T | null, now: Date): T {
  const u = requireActiveUser(user, now);
  if (!isStaff(u)) throw forbidden();
  return u;
}
