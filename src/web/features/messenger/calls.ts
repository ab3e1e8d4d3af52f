import { call } from '../../api/call.ts';
import type * as chats from '../../../shared/api/messenger.ts';
import type * as talk from '../../../shared/api/messenger-messages.ts';
import type { MessageReaction, MessengerSettings } from '../../../shared/messenger.ts';
import type { MediaFile, MediaImage } from '../../../shared/media.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import type { upload, uploadFile } from '../../../shared/api/media.ts';
import { messengerUnread, mutedChats, openMessenger, setUnread } from './unread.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

/** The `/v3.0/messenger/…` calls the components use; every one goes by its contract (shared/api/messenger*.ts). */
export const messengerCalls = {
  chats: (opts: { before?: string; search?: string } = {}) =>
    call<typeof chats.chats>('GET /messenger/chats', { ...opts }, { notify: false }),
  chat: (id: number) => call<typeof chats.chatInfo>('GET /messenger/chats/:id', { id }),
  messages: (id: number, beforeId?: number) =>
    call<typeof talk.history>('GET /messenger/chats/:id/messages', beforeId ? { id, before_id: beforeId } : { id }),
  create: (body: { type: 'direct' | 'group'; user_ids: number[]; title?: string }) =>
    call<typeof chats.createChat>('POST /messenger/chats/create', body),
  send: (
    id: number,
    body: {
      text: string;
      attachments: (string | { uuid: string; name: string })[];
      reply_to?: number;
      client_id: string;
    },
  ) => call<typeof talk.send>('POST /messenger/chats/:id/send', { id, ...body }),
  edit: (messageId: number, text: string) =>
    call<typeof talk.edit>('POST /messenger/messages/:id/edit', { id: messageId, text }),
  remove: (messageId: number) => call<typeof talk.remove>('POST /messenger/messages/:id/remove', { id: messageId }),
  react: (messageId: number, reaction: MessageReaction | '') =>
    call<typeof talk.react>('POST /messenger/messages/:id/react', { id: messageId, reaction }),
  complain: (messageId: number) =>
    call<typeof talk.complain>('POST /messenger/messages/:id/complain', { id: messageId }),
  async read(id: number, messageId: number) {
    const result = await call<typeof talk.read>(
      'POST /messenger/chats/:id/read',
      { id, message_id: messageId },
      { notify: false },
    );
    if (result.ok) messengerUnread.set(result.data.unread_total);
    return result;
  },
  typing: (id: number) => call<typeof talk.typing>('POST /messenger/chats/:id/typing', { id }, { notify: false }),
  async mute(id: number, muted: boolean) {
    const result = await call<typeof chats.mute>('POST /messenger/chats/:id/mute', { id, is_muted: muted });
    if (result.ok) {
      messengerUnread.set(result.data.unread_total);
      const next = new Set(mutedChats.get());
      if (result.data.is_muted) next.add(id);
      else next.delete(id);
      mutedChats.set(next);
    }
    return result;
  },
  leave: (id: number) => call<typeof chats.leave>('POST /messenger/chats/:id/leave', { id }),
  removeMember: (id: number, userId: number) =>
    call<typeof chats.removeMember>('POST /messenger/chats/:id/members/remove', { id, user_id: userId }),
  contacts: (search: string) =>
    call<typeof chats.contacts>('GET /messenger/contacts', search ? { search } : {}, { notify: false }),
  update: (id: number, body: { title?: string; picture?: string }) =>
    call<typeof chats.updateChat>('POST /messenger/chats/:id/update', { id, ...body }),
  addMembers: (id: number, userIds: number[]) =>
    call<typeof chats.addMembers>('POST /messenger/chats/:id/members/add', { id, user_ids: userIds }),
  setAdmin: (id: number, userId: number, isAdmin: boolean) =>
    call<typeof chats.setAdmin>('POST /messenger/chats/:id/members/admin', {
      id,
      user_id: userId,
      is_admin: isAdmin,
    }),
  settings: () => call<typeof chats.settings>('GET /messenger/settings', {}, { notify: false }),
  saveSettings: (patch: Partial<MessengerSettings>) =>
    call<typeof chats.saveSettings>('POST /messenger/settings', patch),
  async refreshUnread() {
    const result = await call<typeof chats.unread>('GET /messenger/unread', {}, { notify: false, authRetry: false });
    if (result.ok) setUnread(result.data);
  },
  async upload(files: File[]): Promise<MediaImage[]> {
    const result = await call<typeof upload>('POST /andropov/upload', { file: files }, { format: 'multipart' });
    if (!result.ok) return [];
    const items: MediaImage[] = [];
    for (const r of result.data.result) {
      if (r.type === 'error') toast.show(r.data.message, { type: 'error' });
      else items.push(r.data);
    }
    return items;
  },
  /** One file of any allowed kind (pdf, archives, documents, text; pictures go the media way on the server too). */
  async uploadFile(file: File): Promise<MediaImage | MediaFile | null> {
    const result = await call<typeof uploadFile>(
      'POST /andropov/upload/file',
      // The file travels as the multipart part `file`; the contract names the parts the server collected (`files`).
      { file, name: file.name || 'file' } as unknown as ContractInput<typeof uploadFile>,
      { format: 'multipart' },
    );
    return result.ok ? result.data.result.data : null;
  },
};

/** Starts (or finds) the direct chat with a person and opens it in the drawer: 'Написать сообщение'. */
export async function writeTo(userId: number) {
  const result = await messengerCalls.create({ type: 'direct', user_ids: [userId] });
  if (result.ok) openMessenger(result.data.id);
}

/** Drafts are kept per chat in this browser (localStorage), so a half-written message survives a reload. */
export const drafts = {
  key: (chatId: number) => `sreda:messenger-draft:${chatId}`,
  get(chatId: number): string {
    try {
      return localStorage.getItem(this.key(chatId)) ?? '';
    } catch {
      return '';
    }
  },
  set(chatId: number, text: string) {
    try {
      if (text) localStorage.setItem(this.key(chatId), text);
      else localStorage.removeItem(this.key(chatId));
    } catch {
      /* private mode: no drafts */
    }
  },
};
