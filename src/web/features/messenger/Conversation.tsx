import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages as rm, ui } from '../../../shared/catalogue.ts';
import { daySeparator, TYPING_SHOW_MS, type ChatDetails, type Message } from '../../../shared/messenger.ts';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { ChatAvatar } from './ChatList.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { messengerCalls } from './calls.ts';
import { useMessengerEvents } from './unread.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { Composer } from './Composer.tsx';

const t = ui.messenger;

/** Puts a message in a list kept in id order, replacing the copy with the same id. */
function upsert(list: Message[], m: Message): Message[] {
  const i = list.findIndex((x) => x.id === m.id);
  if (i >= 0) return list.map((x) => (x.id === m.id ? m : x));
  const next = [...list, m];
  return next.sort((a, b) => a.id - b.id);
}

/** One chat: its header, the history (older pages load upward without a jump), and the composer. */
export function Conversation({ me, chatId, onBack }: { me: number; chatId: number; onBack?(): void }) {
  const [chat, setChat] = useState<ChatDetails | null>(null);
  const [items, setItems] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [readByOthers, setReadByOthers] = useState(0);
  const [typing, setTyping] = useState<{ name: string; until: number } | null>(null);
  const [reply, setReply] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [failed, setFailed] = useState(false);
  const [managing, setManaging] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ kind: 'bottom' } | { kind: 'keep'; height: number; top: number } | null>(null);
  const loadingOlder = useRef(false);
  const myRead = useRef(0);

  useEffect(() => {
    let live = true;
    setChat(null);
    setItems([]);
    setFailed(false);
    setReply(null);
    setEditing(null);
    void (async () => {
      const [c, page] = await Promise.all([messengerCalls.chat(chatId), messengerCalls.messages(chatId)]);
      if (!live) return;
      if (!c.ok || !page.ok) return setFailed(true);
      setChat(c.data);
      setReadByOthers(c.data.read_by_others_id);
      myRead.current = c.data.my_read_id;
      anchor.current = { kind: 'bottom' };
      setItems(page.data.items);
      setHasMore(page.data.has_more);
    })();
    return () => {
      live = false;
    };
  }, [chatId]);

  // Scroll: stay at the bottom for new messages, keep the reader's place when older ones come in above.
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    if (!el || !a) return;
    if (a.kind === 'bottom') el.scrollTop = el.scrollHeight;
    else el.scrollTop = a.top + (el.scrollHeight - a.height);
    anchor.current = null;
  }, [items]);

  const nearBottom = () => {
    const el = scroller.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < 120;
  };

  const loadOlder = useCallback(async () => {
    if (loadingOlder.current || !hasMore || !items.length) return;
    loadingOlder.current = true;
    const result = await messengerCalls.messages(chatId, items[0].id);
    loadingOlder.current = false;
    if (!result.ok) return;
    const el = scroller.current;
    if (el) anchor.current = { kind: 'keep', height: el.scrollHeight, top: el.scrollTop };
    setItems((prev) => [...result.data.items.filter((m) => !prev.some((p) => p.id === m.id)), ...prev]);
    setHasMore(result.data.has_more);
  }, [chatId, hasMore, items]);

  // Reading: the newest message counts as read while the tab is visible.
  const markRead = useCallback(() => {
    const last = items.at(-1);
    if (!last || last.id <= myRead.current || document.visibilityState !== 'visible') return;
    myRead.current = last.id;
    void messengerCalls.read(chatId, last.id);
  }, [chatId, items]);
  useEffect(() => {
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [markRead]);

  useMessengerEvents(me, (event) => {
    if (event.chat_id !== chatId) return;
    switch (event.type) {
      case 'message_new':
        if (nearBottom()) anchor.current = { kind: 'bottom' };
        setItems((prev) => upsert(prev, event.message));
        setTyping(null);
        break;
      case 'message_edited':
      case 'message_removed':
      case 'message_reacted':
        // The channel carries reactions as a stranger sees them: keep the reader's own mark.
        setItems((prev) =>
          prev.map((m) =>
            m.id === event.message.id
              ? {
                  ...event.message,
                  reactions: event.message.reactions.map((r) => ({
                    ...r,
                    is_mine: m.reactions.find((x) => x.reaction === r.reaction)?.is_mine ?? false,
                  })),
                }
              : m,
          ),
        );
        break;
      case 'chat_read':
        if (event.user_id !== me) setReadByOthers((v) => Math.max(v, event.message_id));
        break;
      case 'chat_typing':
        setTyping({ name: event.user.name, until: Date.now() + TYPING_SHOW_MS });
        break;
      case 'chat_changed':
        void messengerCalls.chat(chatId).then((r) => r.ok && setChat(r.data));
        break;
      case 'chat_left':
        // The reader left it in another tab: this one stops showing a chat they are no longer in.
        setFailed(true);
        break;
    }
  });
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  if (failed) return <div className="messenger-empty">{rm.chatNotFound}</div>;

  const now = new Date();
  const canModerate = chat?.my_role === 'owner' || chat?.my_role === 'admin';
  let lastDay = '';
  return (
    <section className="messenger-conv" data-testid="messenger-conversation" data-chat-id={chatId}>
      <header className="messenger-conv__head">
        {onBack && (
          <button type="button" className="icon-btn" onClick={onBack} aria-label={t.back} data-testid="messenger-back">
            ←
          </button>
        )}
        {chat && <ChatAvatar chat={chat} size={36} />}
        <div className="messenger-conv__title">
          {chat?.peer ? <Link to={chat.peer.url}>{chat.title}</Link> : <span>{chat?.title ?? t.loading}</span>}
          <span className="messenger-conv__sub" data-testid="messenger-typing">
            {typing ? t.typing(typing.name) : chat && chat.type !== 'direct' ? t.members(chat.members_count) : ''}
          </span>
        </div>
        {chat && (
          <MoreMenu
            label={t.title}
            className="messenger-conv__menu"
            testId="messenger-chat-menu"
            items={() => [
              ...(chat.type === 'group' ? [{ label: t.manageGroup, value: 'manage' }] : []),
              { label: chat.is_muted ? t.unmute : t.mute, value: 'mute' },
              ...(chat.type !== 'direct' ? [{ label: t.leave, value: 'leave', color: 'var(--danger)' }] : []),
              // A group's owner and admins remove people from here (admins only ordinary members).
              ...(chat.type === 'group' && canModerate
                ? chat.members
                    .filter(
                      (m) => m.id !== me && m.role !== 'owner' && (m.role !== 'admin' || chat.my_role === 'owner'),
                    )
                    .map((m) => ({ label: t.removeMember(m.name), value: `remove:${m.id}` }))
                : []),
            ]}
            onSelect={async (v) => {
              if (v === 'manage') setManaging(true);
              else if (v === 'mute') {
                const r = await messengerCalls.mute(chat.id, !chat.is_muted);
                if (r.ok) setChat({ ...chat, is_muted: r.data.is_muted });
              } else if (v?.startsWith('remove:')) {
                const r = await messengerCalls.removeMember(chat.id, Number(v.slice(7)));
                if (r.ok) setChat(r.data);
              } else if (v === 'leave') {
                const r = await messengerCalls.leave(chat.id);
                if (r.ok) onBack?.();
              }
            }}
          />
        )}
      </header>
      {managing && chat && chat.type === 'group' && (
        <GroupPanel chat={chat} me={me} onChanged={setChat} onClose={() => setManaging(false)} />
      )}
      <div
        className="messenger-conv__scroll"
        ref={scroller}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 200) void loadOlder();
        }}
        data-testid="messenger-history"
      >
        {chat && !items.length && <div className="messenger-empty">{t.noMessages}</div>}
        {items.map((m, i) => {
          const day = daySeparator(m.date, now);
          const separator = day !== lastDay;
          lastDay = day;
          const prev = items[i - 1];
          const showAuthor = chat?.type !== 'direct' && (separator || prev?.author?.id !== m.author?.id);
          return (
            <div key={m.id}>
              {separator && (
                <div className="messenger-day" data-testid="messenger-day">
                  <span>{day}</span>
                </div>
              )}
              <MessageBubble
                m={m}
                mine={m.author?.id === me}
                read={m.id <= readByOthers}
                showAuthor={showAuthor}
                canModerate={canModerate}
                onChanged={(x) => setItems((prev) => upsert(prev, x))}
                onReply={(x) => {
                  setEditing(null);
                  setReply(x);
                }}
                onEdit={(x) => {
                  setReply(null);
                  setEditing(x);
                }}
              />
            </div>
          );
        })}
      </div>
      {chat && (
        <Composer
          chat={chat}
          reply={reply}
          editing={editing}
          onCancel={() => {
            setReply(null);
            setEditing(null);
          }}
          onSent={(m) => {
            anchor.current = { kind: 'bottom' };
            setItems((prev) => upsert(prev, m));
            setReply(null);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
