import { messages } from '../../../shared/catalogue.ts';
import { ApiError } from '../../lib/errors.ts';
import { requireUser } from '../auth/index.ts';
import type { UserRow } from '../auth/index.ts';

/** Who may do what with realtime over HTTP (socket channel rules live in channels.ts). */

/** The private live token is a Plus feature (spec/content.md §6): 401 for anonymous readers, 402 for the rest. */
export function requirePlus(user: UserRow | null): UserRow {
  const u = requireUser(user);
  if (!u.isPaid) throw new ApiError(402, messages.liveTokenPlusRequired);
  return u;
}
