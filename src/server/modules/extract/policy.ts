import type { UserRow } from '../auth/index.ts';
import { requireActiveUser } from '../auth/index.ts';

/**
 * Extraction makes the server fetch outside pages, so only signed-in, unbanned people (the editor and comment
 * forms) may ask; anonymous visitors get rc 401.
 */
export const assertCanExtract = (user: UserRow | null, now: Date) => requireActiveUser(user, now);
