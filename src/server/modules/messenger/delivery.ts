import type { MessengerEvent } from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import { bannedAmong } from '../restrictions/index.ts';
import * as q from './queries.ts';

/**
 * Tells the members' private channels (every open tab and device) of a chat's event, through the realtime module.
 * A banned person can neither send nor receive (spec/foundation.md §8): whoever a ban holds for now, site-wide or in
 * the channel's community, is left out from the moment the ban is given, whatever sockets they keep open.
 */
export async function tell(ctx: Ctx, userIds: number[], event: MessengerEvent): Promise<void> {
  if (!userIds.length) return;
  const chat = await q.findChat(ctx.db, event.chat_id);
  const banned = await bannedAmong(ctx, userIds, chat?.subsite_id ?? null);
  const to = banned.size ? userIds.filter((id) => !banned.has(id)) : userIds;
  if (to.length) ctx.events.emit('messenger.event', { userIds: to, event });
}
