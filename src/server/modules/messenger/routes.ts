import { messages } from '../../../shared/catalogue.ts';
import * as chats from '../../../shared/api/messenger.ts';
import * as talk from '../../../shared/api/messenger-messages.ts';
import { route } from '../../http/route.ts';
import * as messenger from './service.ts';

/** The messenger (issue 13): chats, messages, read marks, typing, settings and complaints under `/v3.0/messenger`. */
export const messengerRoutes = [
  route.implement(chats.chats, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, query }) => messenger.list(ctx, user, query),
  }),

  route.implement(chats.contacts, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, query }) => messenger.contacts(ctx, user, query.search),
  }),

  route.implement(chats.unread, {
    rateLimit: [120, 60],
    handler: ({ ctx, user }) => messenger.unread(ctx, user),
  }),

  route.implement(chats.createChat, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body }) =>
      messenger.create(ctx, user, { ...body, picture: body.picture || null, subsite_id: body.subsite_id }),
  }),

  route.implement(chats.chatInfo, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, params }) => messenger.details(ctx, user, params.id),
  }),

  route.implement(chats.updateChat, {
    rateLimit: [30, 60],
    message: messages.chatUpdated,
    handler: ({ ctx, user, params, body }) => messenger.update(ctx, user, params.id, body),
  }),

  route.implement(chats.addMembers, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, params, body }) => messenger.addMembers(ctx, user, params.id, body.user_ids),
  }),

  route.implement(chats.removeMember, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, params, body }) => messenger.removeMember(ctx, user, params.id, body.user_id),
  }),

  route.implement(chats.setAdmin, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, params, body }) => messenger.setAdmin(ctx, user, params.id, body.user_id, body.is_admin),
  }),

  route.implement(chats.leave, {
    rateLimit: [30, 60],
    message: messages.chatLeft,
    handler: ({ ctx, user, params }) => messenger.leave(ctx, user, params.id),
  }),

  route.implement(chats.mute, {
    rateLimit: [60, 60],
    message: (r) => (r.is_muted ? messages.chatMuted : messages.chatUnmuted),
    handler: ({ ctx, user, params, body }) => messenger.mute(ctx, user, params.id, body.is_muted),
  }),

  route.implement(talk.history, {
    rateLimit: [240, 60],
    handler: ({ ctx, user, params, query }) => messenger.history(ctx, user, params.id, query.before_id, query.count),
  }),

  route.implement(talk.send, {
    rateLimit: [60, 60],
    handler: ({ ctx, user, params, body }) =>
      messenger.send(ctx, user, params.id, { ...body, client_id: body.client_id ?? null }),
  }),

  route.implement(talk.read, {
    rateLimit: [240, 60],
    handler: ({ ctx, user, params, body }) => messenger.read(ctx, user, params.id, body.message_id),
  }),

  route.implement(talk.typing, {
    rateLimit: [60, 60],
    handler: ({ ctx, user, params }) => messenger.typing(ctx, user, params.id),
  }),

  route.implement(talk.edit, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, params, body }) => messenger.edit(ctx, user, params.id, body.text),
  }),

  route.implement(talk.remove, {
    rateLimit: [30, 60],
    message: messages.messageRemoved,
    handler: ({ ctx, user, params }) => messenger.remove(ctx, user, params.id),
  }),

  route.implement(talk.react, {
    rateLimit: [60, 60],
    handler: ({ ctx, user, params, body }) => messenger.react(ctx, user, params.id, body.reaction || null),
  }),

  route.implement(talk.complain, {
    rateLimit: [10, 60],
    message: messages.complaintSent,
    handler: ({ ctx, user, params, body }) => messenger.complain(ctx, user, params.id, body.reason),
  }),

  route.implement(chats.settings, {
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => messenger.settings(ctx, user),
  }),

  route.implement(chats.saveSettings, {
    rateLimit: [30, 60],
    message: messages.messengerSettingsSaved,
    handler: ({ ctx, user, body }) => messenger.saveSettings(ctx, user, body),
  }),

  route.implement(talk.complaints, {
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => messenger.complaints(ctx, user),
  }),

  route.implement(talk.resolveComplaint, {
    rateLimit: [60, 60],
    message: messages.complaintResolved,
    handler: ({ ctx, user, params, body }) => messenger.resolveComplaint(ctx, user, params.id, body.remove_message),
  }),
];
