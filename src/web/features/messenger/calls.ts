import { api } from '../../api/request.ts';
import type {
  ChatDetails,
  ChatPerson,
  ChatsPage,
  Message,
  MessagesPage,
  MessengerSettings,
  MessengerUnread,
} from '../../../shared/messenger.ts';
import type { MediaFile, MediaImage } from '../../../shared/media.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import type { upload, uploadFile } from '../../../shared/api/media.ts';
import { call } from '../../api/call.ts';
import { messengerUnread, mutedChats, openMessenger, setUnread } from './unread.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

/** The `/v3.0/messenger/…` calls the components use; every one goes through the request helper. */
export const messengerCalls = {
  chats: (opts: { before?: string; search?: string } = {}) =>
    api.get<ChatsPage>('messenger/chats', { ...opts }, { notify: false }),
  chat: (id: number) => api.get<ChatDetails>(`messenger/chats/${id}`),
  messages: (id: number, beforeId?: number) =>
    api.get<MessagesPage>(`messenger/chats/${id}/messages`, beforeId ? { before_id: beforeId } : {}),
  create: (body: { type: 'direct' | 'group'; user_ids: number[]; title?: string }) =>
    api.post<ChatDetails>('messenger/chats/create', body),
  send: (
    id: number,
    body: {
      text: string;
      attachments: (string | { uuid: string; name: string })[];
      reply_to?: number;
      client_id: string;
    },
  ) => api.post<Message>(`messenger/chats/${id}/send`, body),
  edit: (messageId: number, text: string) => api.post<Message>(`messenger/messages/${messageId}/edit`, { text }),
  remove: (messageId: number) => api.post<Message>(`messenger/messages/${messageId}/remove`),
  react: (messageId: number, reaction: string) =>
    api.post<Message>(`messenger/messages/${messageId}/react`, { reaction }),
  complain: (messageId: number) => api.post(`messenger/messages/${messageId}/complain`, {}),
  async read(id: number, messageId: number) {
    const result = await api.post<{ unread_total: number }>(
      `messenger/chats/${id}/read`,
      { message_id: messageId },
      { notify: false },
    );
    if (result.ok) messengerUnread.set(result.data.unread_total);
    return result;
  },
  typing: (id: number) => api.post(`messenger/chats/${id}/typing`, {}, { notify: false }),
  async mute(id: number, muted: boolean) {
    const result = await api.post<{ is_muted: boolean; unread_total: number }>(`messenger/chats/${id}/mute`, {
      is_muted: muted,
    });
    if (result.ok) {
      messengerUnread.set(result.data.unread_total);
      const next = new Set(mutedChats.get());
      if (result.data.is_muted) next.add(id);
      else next.delete(id);
      mutedChats.set(next);
    }
    return result;
  },
  leave: (id: number) => api.post(`messenger/chats/${id}/leave`),
  removeMember: (id: number, userId: number) =>
    api.post<ChatDetails>(`messenger/chats/${id}/members/remove`, { user_id: userId }),
  contacts: (search: string) =>
    api.get<{ items: ChatPerson[] }>('messenger/contacts', search ? { search } : {}, { notify: false }),
  update: (id: number, body: { title?: string; picture?: string }) =>
    api.post<ChatDetails>(`messenger/chats/${id}/update`, body),
  addMembers: (id: number, userIds: number[]) =>
    api.post<ChatDetails>(`messenger/chats/${id}/members/add`, { user_ids: userIds }),
  setAdmin: (id: number, userId: number, isAdmin: boolean) =>
    api.post<ChatDetails>(`messenger/chats/${id}/members/admin`, { user_id: userId, is_admin: isAdmin }),
  settings: () => api.get<MessengerSettings>('messenger/settings', {}, { notify: false }),
  saveSettings: (patch: Partial<MessengerSettings>) => api.post<MessengerSettings>('messenger/settings', patch),
  async refreshUnread() {
    const result = await api.get<MessengerUnread>('messenger/unread', {}, { notify: false, authRetry: false });
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
