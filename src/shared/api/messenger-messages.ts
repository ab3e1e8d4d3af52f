import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { FILE_NAME_MAX } from '../media.ts';
import {
  CHAT_TYPES,
  CLIENT_ID_MAX,
  COMPLAINT_REASON_MAX,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REACTIONS,
  MESSAGES_PAGE,
} from '../messenger.ts';
import {
  flagField,
  idField,
  intField,
  listField,
  parentIdField,
  plainBody,
  withoutControlChars,
} from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { chatParams, chatPerson, message, uuidField } from './messenger.ts';

/** The messenger's messages (history, send, read marks, typing, edits, reactions) and complaints about them. */

const messageParams = z.object({ id: idField(messages.messageIdInvalid) });

// The service trims and checks the real limit; this keeps absurd payloads away from the clean-up.
const textField = z
  .string({ error: messages.wrongType })
  .max(MESSAGE_MAX_LENGTH * 2, messages.messageTooLong(MESSAGE_MAX_LENGTH));
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

/** Every chat call: the chat is there and the caller in it, not banned. */
const ENTER = ['messenger_blocked', 'chat_not_found', 'messenger_not_member'] as const;

/** A chat's messages, newest last; `before_id` pages back. */
export const history = contract({
  method: 'GET',
  path: '/messenger/chats/:id/messages',
  access: 'user',
  params: chatParams,
  query: plainBody({
    before_id: parentIdField(messages.messageIdInvalid).default(null),
    count: intField(messages.badRequest, 1, MESSAGES_PAGE).optional(),
  }),
  response: z.object({
    items: z.array(message),
    /** Older messages exist. */
    has_more: z.boolean(),
  }),
  errors: ['chat_id_invalid', 'message_id_invalid', ...ENTER],
});
export type MessagesPage = ContractOutput<typeof history>;

/** A message; the same `client_id` sent again answers the stored one. */
export const send = contract({
  method: 'POST',
  path: '/messenger/chats/:id/send',
  access: 'user',
  params: chatParams,
  body: plainBody({
    text: textField.default(''),
    attachments: attachmentsField.default([]),
    reply_to: parentIdField(messages.messageIdInvalid).default(null),
    client_id: clientIdField.optional(),
  }),
  response: message,
  errors: [
    'chat_id_invalid',
    'message_id_invalid',
    'message_empty',
    'message_too_long',
    'media_too_many',
    'message_attachments_invalid',
    'message_attachment_invalid',
    'media_file_name_invalid',
    'message_client_id_invalid',
    'channel_read_only',
    'message_reply_not_found',
    'chat_user_not_found',
    'chat_write_nobody',
    'chat_write_subscribed',
    'something_wrong',
    'message_not_found',
    ...ENTER,
  ],
});

/** The read mark moves up to `message_id` (never back). */
export const read = contract({
  method: 'POST',
  path: '/messenger/chats/:id/read',
  access: 'user',
  params: chatParams,
  body: plainBody({ message_id: idField(messages.messageIdInvalid) }),
  response: z.object({ chat_id: z.number().int(), last_read_id: z.number().int(), unread_total: z.number().int() }),
  errors: ['chat_id_invalid', 'message_id_invalid', 'message_not_found', ...ENTER],
});

/** "… печатает": told to the other members, stored nowhere. */
export const typing = contract({
  method: 'POST',
  path: '/messenger/chats/:id/typing',
  access: 'user',
  params: chatParams,
  response: z.object({ ok: z.boolean() }),
  errors: ['chat_id_invalid', 'channel_read_only', ...ENTER],
});

/** Its author edits a message. */
export const edit = contract({
  method: 'POST',
  path: '/messenger/messages/:id/edit',
  access: 'user',
  params: messageParams,
  body: plainBody({ text: textField }),
  response: message,
  errors: [
    'message_id_invalid',
    'message_too_long',
    'message_empty',
    'message_not_found',
    'message_edit_forbidden',
    ...ENTER,
  ],
});

/** Removing is the author's; a group's admins may remove any. */
export const remove = contract({
  method: 'POST',
  path: '/messenger/messages/:id/remove',
  access: 'user',
  params: messageParams,
  response: message,
  errors: ['message_id_invalid', 'message_not_found', 'message_remove_forbidden', ...ENTER],
});

/** '' takes one's reaction back. */
export const react = contract({
  method: 'POST',
  path: '/messenger/messages/:id/react',
  access: 'user',
  params: messageParams,
  body: plainBody({
    reaction: z.union([z.literal(''), z.enum(MESSAGE_REACTIONS)], { error: messages.messageReactionInvalid }),
  }),
  response: message,
  errors: ['message_id_invalid', 'message_reaction_invalid', 'message_not_found', ...ENTER],
});

export const complain = contract({
  method: 'POST',
  path: '/messenger/messages/:id/complain',
  access: 'user',
  params: messageParams,
  body: plainBody({
    reason: z
      .string({ error: messages.wrongType })
      .max(COMPLAINT_REASON_MAX, messages.complaintReasonTooLong(COMPLAINT_REASON_MAX))
      .default(''),
  }),
  response: z.object({ message_id: z.number().int() }),
  errors: ['message_id_invalid', 'complaint_reason_too_long', 'message_not_found', ...ENTER],
});

const complaintItem = z.object({
  id: z.number().int(),
  reason: z.string(),
  date: z.string(),
  reporter: chatPerson,
  message,
  /** Up to five messages before and after the reported one: what staff may read. */
  context: z.array(message),
  chat: z.object({ id: z.number().int(), type: z.enum(CHAT_TYPES), title: z.string() }),
});
export type ComplaintItem = z.output<typeof complaintItem>;

/** The staff queue of complaints: the only way staff read a chat. */
export const complaints = contract({
  method: 'GET',
  path: '/admin/messenger/complaints',
  access: 'staff',
  response: z.object({ items: z.array(complaintItem) }),
  errors: ['forbidden'],
});

export const resolveComplaint = contract({
  method: 'POST',
  path: '/admin/messenger/complaints/:id/resolve',
  access: 'staff',
  params: z.object({ id: idField(messages.complaintIdInvalid) }),
  body: plainBody({ remove_message: flagField(messages.wrongType).default(false) }),
  response: z.object({ id: z.number().int() }),
  errors: ['complaint_id_invalid', 'complaint_not_found', 'forbidden'],
});
