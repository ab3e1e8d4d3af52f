import type { Ctx } from '../../context.ts';
import type { MessengerFact } from '../../events.ts';
import { bannedAmong } from '../restrictions/index.ts';
import * as q from './queries.ts';

/**
 * Tells the members' private channels (every open tab and device) of a chat's fact, through the realtime module,
 * which presents it with `presentFact`.
 * A banned person can neither send nor receive (spec/foundation.md §8): whoever a ban holds for now, site-wide or in
 * the channel's community, is left out from the moment the ban is given, whatever sockets they keep open.
 */
export async function tell(ctx: Ctx, userIds: number[], fact: MessengerFact): Promise<void> {
  if (!userIds.length) return;
  const chat = await q.findChat(ctx.db, fact.chat_id);
  const banned = await bannedAmong(ctx, userIds, chat?.subsite_id ?? null);
  const to = banned.size ? userIds.filter((id) => !banned.has(id)) : userIds;
  if (to.length) ctx.events.emit('messenger.event', { userIds: to, fact });
}
