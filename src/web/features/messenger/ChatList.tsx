import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { relativeTime } from '../../../shared/format.ts';
import { mediaUrl } from '../../../shared/media.ts';
import type { Chat, ChatDetails, ChatPerson } from '../../../shared/messenger.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { mediaBaseUrl } from '../../lib/media.ts';
import { badgeText } from '../feed/recent.ts';
import { messengerCalls } from './calls.ts';
import { useMessengerEvents } from './unread.ts';
import { useCurrentUser } from '../auth/session.ts';
import { call } from '../../api/call.ts';
import type { createChat } from '../../../shared/api/messenger.ts';
import { Limited } from '../../ui/Limited.tsx';
import { SearchList } from '../../ui/search-list/SearchList.tsx';
import type { ListItem } from '../../ui/search-list/filter.ts';
import { personItem } from './people.tsx';

const t = ui.messenger;

export function ChatAvatar({
  chat,
  size = 44,
}: {
  chat: Pick<Chat, 'title' | 'picture' | 'avatar_url' | 'avatar_color'>;
  size?: number;
}) {
  const url = chat.picture
    ? mediaUrl(mediaBaseUrl(), chat.picture, { width: size, height: size, crop: true })
    : chat.avatar_url;
  return <Avatar name={chat.title || '?'} color={chat.avatar_color} url={url} size={size} />;
}

/** What the list shows under a chat's title: the last message, its author in groups, or a stub. */
function lastLine(chat: Chat, me: number): string {
  const m = chat.last_message;
  if (!m) return chat.type === 'channel' ? t.channel : '';
  const body = m.is_removed ? t.removedStub : m.text || (m.attachments.length ? '📎' : '');
  if (m.author?.id === me) return `${t.you}: ${body}`;
  return chat.type === 'group' && m.author ? `${m.author.name.split(' ')[0]}: ${body}` : body;
}

/** The reader's chats, newest activity first, with a search box; paged by cursor as the list scrolls. */
export function ChatList({
  me,
  selected,
  onSelect,
}: {
  me: number;
  selected: number | null;
  onSelect(chat: Chat): void;
}) {
  const [items, setItems] = useState<Chat[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const loading = useRef(false);
  const searchRef = useRef('');

  const load = useCallback(async (before?: string) => {
    if (loading.current) return;
    loading.current = true;
    const query = searchRef.current.trim();
    const result = await messengerCalls.chats({ ...(before ? { before } : {}), ...(query ? { search: query } : {}) });
    loading.current = false;
    if (!result.ok || searchRef.current.trim() !== query) return;
    setItems((prev) => (before && prev ? [...prev, ...result.data.items] : result.data.items));
    setNext(result.data.next);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    searchRef.current = search;
    const timer = setTimeout(() => void load(), 250);
    return () => clearTimeout(timer);
  }, [search, load]);

  // Anything that moves a chat (a message, a read mark, a change) reloads the first page: cheap and always right.
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);
  useMessengerEvents(me, (event) => {
    if (event.type === 'chat_typing') return;
    if (reload.current) clearTimeout(reload.current);
    reload.current = setTimeout(() => void load(), 200);
  });

  const [creating, setCreating] = useState(false);
  const user = useCurrentUser();
  // A subsite's managers run its channel: one button per managed community (the personal blog has none).
  const channels = (user?.managedSubsites ?? []).filter((s) => s.value !== me);
  async function openChannel(subsiteId: number) {
    const result = await call<typeof createChat>('POST /messenger/chats/create', {
      type: 'channel',
      subsite_id: subsiteId,
    });
    if (result.ok) onSelect(result.data);
  }

  const now = Date.now();
  return (
    <div className="messenger-list" data-testid="messenger-list">
      <div className="messenger-list__search">
        <input
          type="search"
          placeholder={t.search}
          aria-label={t.search}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="messenger-search"
        />
      </div>
      <div className="messenger-list__tools">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setCreating((v) => !v)}
          aria-expanded={creating}
          data-testid="messenger-new-group"
        >
          {t.newGroup}
        </button>
        {channels.map((s) => (
          <button
            key={s.value}
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => openChannel(s.value)}
            data-testid="messenger-open-channel"
          >
            {t.channel}: {s.label}
          </button>
        ))}
      </div>
      {creating && (
        <NewGroup
          people={(items ?? []).flatMap((c) => (c.peer ? [c.peer] : []))}
          onCreated={(chat) => {
            setCreating(false);
            onSelect(chat);
          }}
        />
      )}
      <ul
        className="messenger-list__items"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (next && el.scrollTop + el.clientHeight > el.scrollHeight - 200) void load(next);
        }}
      >
        {items === null && <li className="messenger-empty">{t.loading}</li>}
        {items?.length === 0 && <li className="messenger-empty">{t.empty}</li>}
        {items?.map((chat) => (
          <li key={chat.id}>
            <button
              type="button"
              className={`messenger-chat${chat.id === selected ? ' is-selected' : ''}${chat.unread_count ? ' is-unread' : ''}`}
              onClick={() => onSelect(chat)}
              data-testid="messenger-chat"
              data-chat-id={chat.id}
            >
              <ChatAvatar chat={chat} />
              <span className="messenger-chat__body">
                <span className="messenger-chat__top">
                  <span className="messenger-chat__title">
                    {chat.type === 'channel' && <span className="messenger-chat__kind">{t.channel} · </span>}
                    {chat.title}
                  </span>
                  {chat.last_message && (
                    <span className="messenger-chat__time">{relativeTime(chat.last_message.date, now)}</span>
                  )}
                </span>
                <span className="messenger-chat__bottom">
                  <span className="messenger-chat__last">{lastLine(chat, me)}</span>
                  {chat.is_muted && (
                    <svg
                      className="messenger-chat__muted"
                      width="14"
                      height="14"
                      viewBox="0 0 24 24"
                      aria-label={t.mute}
                    >
                      <path
                        d="M6 16V11a6 6 0 0 1 9-5.2M18 10v6l2 2H4M10 20a2 2 0 0 0 4 0M3 3l18 18"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                      />
                    </svg>
                  )}
                  {chat.unread_count > 0 && (
                    <span
                      className={`messenger-badge${chat.is_muted ? ' is-muted' : ''}`}
                      aria-label={t.unreadLabel(chat.unread_count)}
                      data-testid="messenger-chat-unread"
                    >
                      {badgeText(chat.unread_count)}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A new group: its title and people from the reader's direct chats (a group grows later by the add call). */
function NewGroup({ people, onCreated }: { people: ChatPerson[]; onCreated(chat: ChatDetails): void }) {
  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<ListItem[]>([]);
  const [busy, setBusy] = useState(false);
  const offered = useMemo(() => people.map(personItem), [people]);
  return (
    <form
      className="messenger-newgroup"
      data-testid="messenger-group-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const user_ids = picked.map((p) => Number(p.value));
        const result = await messengerCalls.create({ type: 'group', title, user_ids });
        setBusy(false);
        if (result.ok) onCreated(result.data);
      }}
    >
      <Limited>
        <input
          type="text"
          value={title}
          maxLength={100}
          placeholder={t.groupTitle}
          aria-label={t.groupTitle}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="messenger-group-title"
        />
      </Limited>
      {people.length > 0 && (
        <SearchList
          label={t.groupPeople}
          showLabel
          multiple
          value={picked}
          onChange={setPicked}
          items={offered}
          testId="messenger-group-people"
          optionTestId="messenger-group-person"
        />
      )}
      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
        {t.create}
      </button>
    </form>
  );
}
