import { messages } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import type { Ctx } from '../../context.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import { NEW_ACCOUNT_HOURS } from '../../../shared/captcha.ts';
import { isStaff } from '../auth/index.ts';
import {
  activeBan,
  bannedAmong as findBannedAmong,
  blockedBy,
  editingClosedBy,
  entryFacts as findEntryFacts,
  feedPin,
  findLock,
  findPerson,
  forgetRejection,
  holdEntry,
  takeReview,
} from './queries.ts';

/** The reads behind the guards, for moderation, which places and lifts what they check (its row types and SQL). */
export * as queries from './queries.ts';
export type { BanRow, EntryFacts, PersonRow } from './queries.ts';

/** An entry's author, subsite, title and state (removed, published, locked…), or undefined when there is none. */
export const entryFacts = (ctx: Ctx, id: number) => findEntryFacts(ctx.db, id);

/** A person banned in a subsite may not write in it (entries, comments); content modules call this before a write. */
export async function assertNotBannedIn(ctx: Ctx, userId: number, subsiteId: number) {
  if (await activeBan(ctx.db, userId, subsiteId, ctx.now())) throw forbidden(messages.bannedInSubsite);
}

/** Of these people, the ids a ban holds for now: site-wide, or in `subsiteId` when given (the messenger's delivery). */
export async function bannedAmong(ctx: Ctx, userIds: number[], subsiteId: number | null): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  return new Set((await findBannedAmong(ctx.db, userIds, subsiteId, ctx.now())).map((r) => r.id));
}

/** An entry staff unpublished stays a draft until they release it. */
export async function assertNotLocked(ctx: Ctx, entryId: number) {
  if (await findLock(ctx.db, entryId)) throw forbidden(messages.entryLockedByAdmin);
}

/** Staff closed this entry's editing: only staff may save it until they open it again. */
export async function assertEditingOpen(ctx: Ctx, actor: { role: Role }, entryId: number) {
  if (!isStaff(actor) && (await editingClosedBy(ctx.db, entryId)) !== null) throw forbidden(messages.editingClosed);
}

/** Links in an entry's blocks: an address in any text, or a link block. */
const HAS_LINK = /https?:\/\/|www\.|<a\s/i;

/**
 * Anti-spam: an account younger than NEW_ACCOUNT_HOURS (staff exempt) publishing an entry with links has it held for
 * review ('held spam' in /admin); the entries module asks before it publishes. NEW_ACCOUNT_LINK_REVIEW=0 switches it off.
 */
export async function shouldHold(ctx: Ctx, userId: number, blocks: unknown): Promise<boolean> {
  if (!ctx.config.newAccountLinkReview) return false;
  const p = await findPerson(ctx.db, userId);
  if (!p || isStaff(p)) return false;
  if (ctx.now().getTime() - p.created_at.getTime() >= NEW_ACCOUNT_HOURS * 3600_000) return false;
  return HAS_LINK.test(JSON.stringify(blocks));
}

/** Holds an entry from publication: for staff ('spam') or for its community's approval queue ('approval'). */
export async function holdForReview(ctx: Ctx, entryId: number, subsiteId: number, reason: 'spam' | 'approval') {
  await holdEntry(ctx.db, entryId, subsiteId, reason, ctx.now());
}

/** Its author sends a rejected entry to be published again (or elsewhere): the old rejection is no longer its state. */
export async function clearRejection(ctx: Ctx, entryId: number) {
  await forgetRejection(ctx.db, entryId);
}

/** Its author saved a waiting entry back to a draft: it leaves the queue. */
export async function withdrawReview(ctx: Ctx, entryId: number) {
  await takeReview(ctx.db, entryId);
}

/** The entry pinned to the top of a feed: a subsite's, or the main feed's (0). */
export const pinnedEntryId = (ctx: Ctx, feedId: number) => feedPin(ctx.db, feedId);

/**
 * The blocklist (a person's muted blog): refuses a reply to, or a mention of, someone who has blocklisted the writer.
 * `replyTo` is the author replied to; `mentioned` the people the text mentions.
 */
export async function assertNotBlocked(ctx: Ctx, writerId: number, replyTo: number | null, mentioned: number[]) {
  const ids = [...new Set([...(replyTo === null ? [] : [replyTo]), ...mentioned])].filter((id) => id !== writerId);
  const blockers = await blockedBy(ctx.db, writerId, ids);
  if (!blockers.length) return;
  const byReply = blockers.find((b) => b.id === replyTo);
  throw byReply
    ? forbidden(messages.blockedReply)
    : new ApiError(403, messages.blockedMention(blockers[0].name), {}, 'blocked_mention');
}
