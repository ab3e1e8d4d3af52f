import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { managesSubsite } from '../subsites/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

/** Who may enter a chat and write to whom; a chat picture checked. */

export type Viewer = Pick<UserRow, 'id' | 'role' | 'bannedUntil'>;

/** The chat and the viewer's place in it (policy.standing), or the catalogue's refusal. */
export async function enter(ctx: Ctx, viewer: Viewer, chatId: number) {
  policy.assertCanMessage(viewer, ctx.now());
  const chat = await q.findChat(ctx.db, chatId);
  if (!chat) throw notFound(messages.chatNotFound);
  const member = await q.findMember(ctx.db, chatId, viewer.id);
  const channelOf = chat.type === 'channel' ? chat.subsite_id : null;
  const [subscribed, manages] =
    channelOf !== null
      ? await Promise.all([
          q.isSubscribed(ctx.db, viewer.id, channelOf),
          managesSubsite(ctx, { userId: viewer.id, subsiteId: channelOf }),
        ])
      : [false, false];
  const s = policy.standing(chat, member, subscribed, manages);
  return { chat, standing: s };
}

/** Checks the rules between the sender and each recipient (bans, blocklist, "who may write to me"). */
export async function assertMayWriteTo(ctx: Ctx, sender: Viewer, recipientIds: number[], chatId: number | null) {
  const people = await q.people(ctx.db, recipientIds);
  if (people.length !== new Set(recipientIds).size) throw badRequest(messages.chatUserNotFound);
  for (const p of people) {
    const [ignores, recipientSubscribed, answered] = await Promise.all([
      q.ignoresEither(ctx.db, sender.id, p.id),
      q.isSubscribed(ctx.db, p.id, sender.id),
      chatId ? q.hasWritten(ctx.db, chatId, p.id) : Promise.resolve(false),
    ]);
    policy.assertMayWrite(p, { ignores, recipientSubscribed, answered, senderIsStaff: isStaff(sender) }, ctx.now());
  }
}

export async function pictureOf(ctx: Ctx, uuid: string | null | undefined): Promise<string | null | undefined> {
  if (uuid === undefined || uuid === null || uuid === '') return uuid === '' ? null : uuid;
  const [found] = await q.mediaByUuids(ctx.db, [uuid]);
  if (!found || !['jpg', 'png', 'gif', 'webp'].includes(found.type)) throw badRequest(messages.chatPictureInvalid);
  return uuid;
}
