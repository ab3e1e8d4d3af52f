import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  CHAT_MEMBERS_MAX,
  CHAT_TITLE_MAX,
  CHAT_TYPES,
  CLIENT_ID_MAX,
  COMPLAINT_REASON_MAX,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REACTIONS,
  MESSAGES_PAGE,
  CHATS_PAGE,
  SEARCH_MAX,
  WRITE_RULES,
} from '../../../shared/messenger.ts';
import { FILE_NAME_MAX } from '../../../shared/media.ts';
import {
  flagField,
  idField,
  idListField,
  intField,
  listField,
  parentIdField,
  plainBody,
  withoutControlChars,
} from '../../../shared/validation.ts';
import { route } from '../../http/route.ts';
import * as messenger from './service.ts';

const chatParams = z.object({ id: idField(messages.chatIdInvalid) });
const messageParams = z.object({ id: idField(messages.messageIdInvalid) });

// The service trims and checks the real limit; this keeps absurd payloads away from the clean-up.
const textField = z
  .string({ error: messages.wrongType })
  .max(MESSAGE_MAX_LENGTH * 2, messages.messageTooLong(MESSAGE_MAX_LENGTH));
const uuidField = z
  .string({ error: messages.messageAttachmentsInvalid })
  .regex(/^[0-9a-f-]{32,40}$/i, messages.messageAttachmentInvalid);
// A file (pdf, zip, text…) comes with the name it is shown and downloaded under: `{uuid, name}`.
const fileAttachment = z
  .object({
    uuid: uuidField,
    name: withoutControlChars(z.string({ error: messages.mediaFileNameInvalid }))
      .trim()
      .min(1, messages.mediaFileNameInvalid)
      .max(FILE_NAME_MAX, messages.mediaFileNameInvalid),
  })
  .strict();
const attachmentsField = listField(
  z
    .array(z.union([uuidField, fileAttachment], { error: messages.messageAttachmentInvalid }), {
      error: messages.messageAttachmentsInvalid,
    })
    .max(MESSAGE_ATTACHMENTS_MAX, messages.mediaTooMany(MESSAGE_ATTACHMENTS_MAX)),
  { comma: true },
);
const clientIdField = z
  .string({ error: messages.messageClientIdInvalid })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${CLIENT_ID_MAX}}$`), messages.messageClientIdInvalid);
const titleField = z
  .string({ error: messages.wrongType })
  .max(CHAT_TITLE_MAX, messages.chatTitleTooLong(CHAT_TITLE_MAX));
// '' clears a picture.
const pictureField = z.union([z.literal(''), uuidField]).nullable();
const userIdsField = idListField(
  messages.chatUserIdsInvalid,
  CHAT_MEMBERS_MAX,
  messages.chatTooManyMembers(CHAT_MEMBERS_MAX),
);

/** The messenger (issue 13): chats, messages, read marks, typing, settings and complaints under `/v3.0/messenger`. */
export const messengerRoutes = [
  route.get('/messenger/chats', {
    access: 'user',
    rateLimit: [120, 60],
    query: plainBody({
      before: z.string({ error: messages.messengerCursorInvalid }).max(40, messages.messengerCursorInvalid).optional(),
      search: z
        .string({ error: messages.wrongType })
        .max(SEARCH_MAX, messages.messengerSearchTooLong(SEARCH_MAX))
        .optional(),
      count: intField(messages.badRequest, 1, CHATS_PAGE).optional(),
    }),
    handler: ({ ctx, user, query }) => messenger.list(ctx, user, query),
  }),

  route.get('/messenger/contacts', {
    access: 'user',
    rateLimit: [120, 60],
    query: plainBody({
      search: z
        .string({ error: messages.wrongType })
        .max(SEARCH_MAX, messages.messengerSearchTooLong(SEARCH_MAX))
        .optional(),
    }),
    handler: ({ ctx, user, query }) => messenger.contacts(ctx, user, query.search),
  }),

  route.get('/messenger/unread', {
    access: 'user',
    rateLimit: [120, 60],
    handler: ({ ctx, user }) => messenger.unread(ctx, user),
  }),

  route.post('/messenger/chats/create', {
    access: 'user',
    rateLimit: [20, 60],
    body: plainBody({
      type: z.enum(CHAT_TYPES, { error: messages.chatTypeInvalid }),
      user_ids: userIdsField.default([]),
      title: titleField.default(''),
      picture: pictureField.default(null),
      subsite_id: parentIdField(messages.channelSubsiteInvalid),
    }),
    handler: ({ ctx, user, body }) =>
      messenger.create(ctx, user, { ...body, picture: body.picture || null, subsite_id: body.subsite_id }),
  }),

  route.get('/messenger/chats/:id', {
    access: 'user',
    rateLimit: [120, 60],
    params: chatParams,
    handler: ({ ctx, user, params }) => messenger.details(ctx, user, params.id),
  }),

  route.post('/messenger/chats/:id/update', {
    access: 'user',
    rateLimit: [30, 60],
    params: chatParams,
    body: plainBody({ title: titleField.optional(), picture: pictureField.optional() }),
    message: messages.chatUpdated,
    handler: ({ ctx, user, params, body }) => messenger.update(ctx, user, params.id, body),
  }),

  route.post('/messenger/chats/:id/members/add', {
    access: 'user',
    rateLimit: [30, 60],
    params: chatParams,
    body: plainBody({ user_ids: userIdsField }),
    handler: ({ ctx, user, params, body }) => messenger.addMembers(ctx, user, params.id, body.user_ids),
  }),

  route.post('/messenger/chats/:id/members/remove', {
    access: 'user',
    rateLimit: [30, 60],
    params: chatParams,
    body: plainBody({ user_id: idField(messages.chatUserIdsInvalid) }),
    handler: ({ ctx, user, params, body }) => messenger.removeMember(ctx, user, params.id, body.user_id),
  }),

  route.post('/messenger/chats/:id/members/admin', {
    access: 'user',
    rateLimit: [30, 60],
    params: chatParams,
    body: plainBody({ user_id: idField(messages.chatUserIdsInvalid), is_admin: flagField(messages.wrongType) }),
    handler: ({ ctx, user, params, body }) => messenger.setAdmin(ctx, user, params.id, body.user_id, body.is_admin),
  }),

  route.post('/messenger/chats/:id/leave', {
    access: 'user',
    rateLimit: [30, 60],
    params: chatParams,
    message: messages.chatLeft,
    handler: ({ ctx, user, params }) => messenger.leave(ctx, user, params.id),
  }),

  route.post('/messenger/chats/:id/mute', {
    access: 'user',
    rateLimit: [60, 60],
    params: chatParams,
    body: plainBody({ is_muted: flagField(messages.wrongType) }),
    message: (r: { is_muted: boolean }) => (r.is_muted ? messages.chatMuted : messages.chatUnmuted),
    handler: ({ ctx, user, params, body }) => messenger.mute(ctx, user, params.id, body.is_muted),
  }),

  route.get('/messenger/chats/:id/messages', {
    access: 'user',
    rateLimit: [240, 60],
    params: chatParams,
    query: plainBody({
      before_id: parentIdField(messages.messageIdInvalid),
      count: intField(messages.badRequest, 1, MESSAGES_PAGE).optional(),
    }),
    handler: ({ ctx, user, params, query }) => messenger.history(ctx, user, params.id, query.before_id, query.count),
  }),

  route.post('/messenger/chats/:id/send', {
    access: 'user',
    rateLimit: [60, 60],
    params: chatParams,
    body: plainBody({
      text: textField.default(''),
      attachments: attachmentsField.default([]),
      reply_to: parentIdField(messages.messageIdInvalid),
      client_id: clientIdField.optional(),
    }),
    handler: ({ ctx, user, params, body }) =>
      messenger.send(ctx, user, params.id, { ...body, client_id: body.client_id ?? null }),
  }),

  route.post('/messenger/chats/:id/read', {
    access: 'user',
    rateLimit: [240, 60],
    params: chatParams,
    body: plainBody({ message_id: idField(messages.messageIdInvalid) }),
    handler: ({ ctx, user, params, body }) => messenger.read(ctx, user, params.id, body.message_id),
  }),

  route.post('/messenger/chats/:id/typing', {
    access: 'user',
    rateLimit: [60, 60],
    params: chatParams,
    handler: ({ ctx, user, params }) => messenger.typing(ctx, user, params.id),
  }),

  route.post('/messenger/messages/:id/edit', {
    access: 'user',
    rateLimit: [30, 60],
    params: messageParams,
    body: plainBody({ text: textField }),
    handler: ({ ctx, user, params, body }) => messenger.edit(ctx, user, params.id, body.text),
  }),

  route.post('/messenger/messages/:id/remove', {
    access: 'user',
    rateLimit: [30, 60],
    params: messageParams,
    message: messages.messageRemoved,
    handler: ({ ctx, user, params }) => messenger.remove(ctx, user, params.id),
  }),

  route.post('/messenger/messages/:id/react', {
    access: 'user',
    rateLimit: [60, 60],
    params: messageParams,
    // '' takes one's reaction back.
    body: plainBody({
      reaction: z.union([z.literal(''), z.enum(MESSAGE_REACTIONS)], { error: messages.messageReactionInvalid }),
    }),
    handler: ({ ctx, user, params, body }) => messenger.react(ctx, user, params.id, body.reaction || null),
  }),

  route.post('/messenger/messages/:id/complain', {
    access: 'user',
    rateLimit: [10, 60],
    params: messageParams,
    body: plainBody({
      reason: z
        .string({ error: messages.wrongType })
        .max(COMPLAINT_REASON_MAX, messages.complaintReasonTooLong(COMPLAINT_REASON_MAX))
        .default(''),
    }),
    message: messages.complaintSent,
    handler: ({ ctx, user, params, body }) => messenger.complain(ctx, user, params.id, body.reason),
  }),

  route.get('/messenger/settings', {
    access: 'user',
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => messenger.settings(ctx, user),
  }),

  route.post('/messenger/settings', {
    access: 'user',
    rateLimit: [30, 60],
    body: plainBody({
      write: z.enum(WRITE_RULES, { error: messages.messengerWriteRuleInvalid }).optional(),
      email: flagField(messages.wrongType).optional(),
    }),
    message: messages.messengerSettingsSaved,
    handler: ({ ctx, user, body }) => messenger.saveSettings(ctx, user, body),
  }),

  // The staff queue of complaints: the only way staff read a chat.
  route.get('/admin/messenger/complaints', {
    access: 'staff',
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => messenger.complaints(ctx, user),
  }),

  route.post('/admin/messenger/complaints/:id/resolve', {
    access: 'staff',
    rateLimit: [60, 60],
    params: z.object({ id: idField(messages.complaintIdInvalid) }),
    body: plainBody({ remove_message: flagField(messages.wrongType).default(false) }),
    message: messages.complaintResolved,
    handler: ({ ctx, user, params, body }) => messenger.resolveComplaint(ctx, user, params.id, body.remove_message),
  }),
];
