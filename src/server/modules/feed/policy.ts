import type { UserRow } from '../auth/index.ts';
import { requireActiveUser, requireUser } from '../auth/index.ts';

/** Who may read and tune which feed; the one place the feed module decides permissions. */

/** `my=1` is the reader's subscriptions: anonymous visitors get rc 401 (the auth popup, then a repeat). */
export const assertCanReadMyFeed = (user: UserRow | null) => requireUser(user);

/** Hiding an entry from one's feeds writes, so a banned reader may not. */
export const assertCanHide = (user: UserRow | null, now: Date) => requireActiveUser(user, now);
