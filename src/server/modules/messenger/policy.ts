import { messages } from '../../../shared/catalogue.ts';
import { DEFAULT_MESSENGER_SETTINGS, type MessengerSettings } from '../../../shared/messenger.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { isBanned, isStaff } from '../auth/index.ts';
import type { ChatRow, MemberRow, MessageRow } from './queries.ts';

/** Who may do what in the messenger; every messenger permission is decided here. */

export const isBannedNow = (user: { bannedUntil: Date | null }, now: Date) => isBanned(user, now);

/** A banned person can neither send nor receive (spec/foundation.md §8: 'You can't send and receive messages'). */
export function assertCanMessage(user: { bannedUntil: Date | null }, now: Date) {
  if (isBanned(user, now)) throw forbidden(messages.messengerBlocked);
}

/**
 * Someone's place in a chat: a present member, a channel's subscriber (a reader), or nobody. A member who left or
 * was removed hears 'You are not a member anymore'; a stranger is told the chat does not exist.
 */
export type Standing = { role: MemberRow['role']; member: MemberRow | undefined };

export function standing(
  chat: ChatRow | undefined,
  member: MemberRow | undefined,
  subscribed: boolean,
  manages: boolean,
): Standing {
  if (!chat) throw notFound(messages.chatNotFound);
  if (member?.left_at) throw forbidden(messages.messengerNotMember);
  if (member && member.role !== 'reader') return { role: member.role, member };
  if (chat.type === 'channel') {
    if (manages) return { role: 'admin', member };
    if (subscribed || member) return { role: 'reader', member };
  }
  throw notFound(messages.chatNotFound);
}

/** A channel's readers read and react; everyone else in a chat writes. */
export function assertCanPost(chat: ChatRow, s: Standing) {
  if (chat.type === 'channel' && s.role === 'reader') throw forbidden(messages.channelReadOnly);
}

export const isChatAdmin = (s: Standing) => s.role === 'owner' || s.role === 'admin';

/** Title, picture and the member list of a group: its owner and admins. */
export function assertChatAdmin(chat: ChatRow, s: Standing) {
  if (chat.type === 'direct') throw forbidden(messages.chatGroupOnly);
  if (!isChatAdmin(s)) throw forbidden(messages.chatAdminOnly);
}

/** Making or unmaking admins: the owner only. */
export function assertChatOwner(chat: ChatRow, s: Standing) {
  if (chat.type !== 'group') throw forbidden(messages.chatGroupOnly);
  if (s.role !== 'owner') throw forbidden(messages.chatOwnerOnly);
}

export function assertCanRemoveMember(chat: ChatRow, s: Standing, target: MemberRow | undefined) {
  assertChatAdmin(chat, s);
  if (chat.type !== 'group') throw forbidden(messages.chatGroupOnly);
  if (!target || target.left_at) throw new ApiError(400, messages.chatMemberNotFound);
  if (target.role === 'owner') throw forbidden(messages.chatCannotRemoveOwner);
  // An admin removes members; removing another admin is the owner's call.
  if (target.role === 'admin' && s.role !== 'owner') throw forbidden(messages.chatOwnerOnly);
}

export function assertCanLeave(chat: ChatRow) {
  if (chat.type === 'direct') throw forbidden(messages.chatDirectLeave);
}

/** Its author edits a message; removing is the author's, and a group's admins may remove any. */
export function assertCanEdit(message: MessageRow | undefined, userId: number): asserts message is MessageRow {
  if (!message || message.removed) throw notFound(messages.messageNotFound);
  if (message.author_id !== userId) throw forbidden(messages.messageEditForbidden);
}

export function assertCanRemove(message: MessageRow | undefined, userId: number, s: Standing) {
  if (!message || message.removed) throw notFound(messages.messageNotFound);
  if (message.author_id !== userId && !isChatAdmin(s)) throw forbidden(messages.messageRemoveForbidden);
}

/** A subsite's channel is opened and run by the subsite's owner and admins. */
export function assertCanOpenChannel(manages: boolean) {
  if (!manages) throw forbidden(messages.channelManagersOnly);
}

/** The recipient's settings over the defaults. */
export function settingsOf(stored: Partial<MessengerSettings> | undefined): MessengerSettings {
  return { ...DEFAULT_MESSENGER_SETTINGS, ...stored };
}

/**
 * May `sender` write to (or add to a group) `recipient`? Bans and the blocklist (either ignoring the other) refuse
 * with the catalogue's 'You can't send and receive messages'; then the recipient's rule: everyone, the people they
 * subscribe to, or nobody. `answered`: the recipient wrote in this chat already, so the rule is satisfied.
 */
export function assertMayWrite(
  recipient: { banned_until: Date | null; settings: Partial<MessengerSettings> },
  facts: { ignores: boolean; recipientSubscribed: boolean; answered: boolean; senderIsStaff: boolean },
  now: Date,
) {
  if (isBanned({ bannedUntil: recipient.banned_until }, now) || facts.ignores)
    throw forbidden(messages.messengerBlocked);
  if (facts.answered || facts.senderIsStaff) return;
  const rule = settingsOf(recipient.settings).write;
  if (rule === 'nobody') throw forbidden(messages.chatWriteNobody);
  if (rule === 'subscribed' && !facts.recipientSubscribed) throw forbidden(messages.chatWriteSubscribed);
}

/** Staff read a chat only through a complaint about one of its messages. */
export function assertStaff(user: { role: Parameters<typeof isStaff>[0]['role'] }) {
  if (!isStaff(user)) throw forbidden();
}
