import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { activeBan, findLock } from './queries.ts';

/** What other modules may use of moderation besides service.ts. */
export { MANAGER_ROLES } from './policy.ts';

/**
 * A person banned in a subsite may not write in it (entries, comments); content modules call this before a write.
 * Kept here rather than in service.ts, which itself uses the content modules (remove all data).
 */
export async function assertNotBannedIn(ctx: Ctx, userId: number, subsiteId: number) {
  if (await activeBan(ctx.db, userId, subsiteId, ctx.now())) throw forbidden(messages.bannedInSubsite);
}

/** An entry staff unpublished stays a draft until they release it. */
export async function assertNotLocked(ctx: Ctx, entryId: number) {
  if (await findLock(ctx.db, entryId)) throw forbidden(messages.entryLockedByAdmin);
}
