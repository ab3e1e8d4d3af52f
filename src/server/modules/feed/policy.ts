import type { UserRow } from '../auth/index.ts';
import { requireUser } from '../auth/index.ts';

/** Who may read and tune which feed; the one place the feed module decides permissions. */

/** `my=1` is the reader's subscriptions: anonymous visitors get rc 401 (the auth popup, then a repeat). */
export const assertCanReadMyFeed = (user: UserRow | null) => requireUser(user);
