import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages as rm, ui } from '../../../shared/catalogue.ts';
import {
  FILE_ACCEPT,
  isAudioType,
  isMediaFile,
  mediaUrl,
  type MediaFile,
  type MediaImage,
} from '../../../shared/media.ts';
import { formatFileSize } from '../../../shared/format.ts';
import {
  daySeparator,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REACTIONS,
  messageTime,
  TYPING_EVERY_MS,
  TYPING_SHOW_MS,
  type ChatDetails,
  type Message,
} from '../../../shared/messenger.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { openModal, toast } from '../../ui/overlays/index.ts';
import { mediaBaseUrl } from '../../lib/media.ts';
import { ChatAvatar } from './ChatList.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { drafts, messengerCalls } from './calls.ts';
import { useMessengerEvents } from './unread.ts';

const t = ui.messenger;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Puts a message in a list kept in id order, replacing the copy with the same id. */
function upsert(list: Message[], m: Message): Message[] {
  const i = list.findIndex((x) => x.id === m.id);
  if (i >= 0) return list.map((x) => (x.id === m.id ? m : x));
  const next = [...list, m];
  return next.sort((a, b) => a.id - b.id);
}

/** A file (pdf, zip, text…): its name, size and a download link; never opened inline. */
function FileChip({ item }: { item: MediaFile }) {
  return (
    <a
      className="messenger-file"
      href={`${mediaUrl(mediaBaseUrl(), item.uuid)}?name=${encodeURIComponent(item.name)}`}
      download={item.name}
      data-testid="messenger-file"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
        <path
          d="M6 2h8l5 5v15H6z M14 2v5h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="messenger-file__name">{item.name}</span>
      <span className="messenger-file__size">{formatFileSize(item.size)}</span>
    </a>
  );
}

function Attachment({ item }: { item: MediaImage | MediaFile }) {
  if (isMediaFile(item)) return <FileChip item={item} />;
  const base = mediaBaseUrl();
  if (isAudioType(item.type)) return <audio controls preload="none" src={mediaUrl(base, item.uuid)} />;
  if (item.type === 'mp4')
    return (
      <video
        className="messenger-media"
        src={mediaUrl(base, item.uuid)}
        controls
        preload="metadata"
        muted
        playsInline
      />
    );
  const width = Math.min(320, item.width || 320);
  const height = item.width ? Math.round((item.height * width) / item.width) : 200;
  return (
    <a href={mediaUrl(base, item.uuid)} target="_blank" rel="noreferrer" className="messenger-media-link">
      <img
        className="messenger-media"
        src={mediaUrl(base, item.uuid, { width })}
        width={width}
        height={height}
        alt=""
        loading="lazy"
        style={item.color ? { background: `#${item.color}` } : undefined}
      />
    </a>
  );
}

/** Text with its links clickable; nothing else is markup. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 ? (
          <a key={i} href={p} target="_blank" rel="noreferrer nofollow ugc">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}

function Preview({ preview }: { preview: NonNullable<Message['preview']> }) {
  if (preview.type !== 'link') return null;
  const d = preview.data;
  return (
    <a
      className="messenger-preview"
      href={d.url}
      target="_blank"
      rel="noreferrer nofollow ugc"
      data-testid="messenger-preview"
    >
      <span className="messenger-preview__site">{d.site_name}</span>
      <span className="messenger-preview__title">{d.title}</span>
      {d.description && <span className="messenger-preview__text">{d.description}</span>}
    </a>
  );
}

function MessageBubble({
  m,
  mine,
  read,
  showAuthor,
  canModerate,
  onReply,
  onEdit,
  onChanged,
}: {
  onChanged(m: Message): void;
  m: Message;
  mine: boolean;
  read: boolean;
  showAuthor: boolean;
  canModerate: boolean;
  onReply(m: Message): void;
  onEdit(m: Message): void;
}) {
  async function act(value: string | undefined) {
    if (!value) return;
    if (value === 'reply') return onReply(m);
    if (value === 'edit') return onEdit(m);
    if (value.startsWith('react:')) {
      const reaction = value.slice(6);
      const mineNow = m.reactions.find((r) => r.is_mine)?.reaction;
      const result = await messengerCalls.react(m.id, mineNow === reaction ? '' : reaction);
      if (result.ok) onChanged(result.data);
      return;
    }
    if (value === 'remove') {
      const answer = await openModal({ title: t.removeConfirm, confirmLabel: t.remove, cancelLabel: t.cancel });
      if (!answer.status) return;
      const result = await messengerCalls.remove(m.id);
      if (result.ok) onChanged(result.data);
      return;
    }
    if (value === 'complain') {
      const answer = await openModal({ title: t.complainConfirm, confirmLabel: t.complain, cancelLabel: t.cancel });
      if (!answer.status) return;
      const result = await messengerCalls.complain(m.id);
      if (result.ok) toast.show(result.rm, { type: 'success' });
    }
  }
  return (
    <div
      className={`messenger-msg${mine ? ' is-mine' : ''}${m.is_removed ? ' is-removed' : ''}`}
      data-testid="messenger-message"
      data-id={m.id}
    >
      {!mine && showAuthor && m.author && (
        <Link to={m.author.url} className="messenger-msg__avatar" aria-label={m.author.name}>
          <Avatar name={m.author.name} color={m.author.avatar_color} url={m.author.avatar_url} size={32} />
        </Link>
      )}
      <div className="messenger-msg__bubble">
        {!mine && showAuthor && m.author && <div className="messenger-msg__author">{m.author.name}</div>}
        {m.reply_to && (
          <div className="messenger-msg__reply">
            <b>{m.reply_to.author_name}</b> {m.reply_to.is_removed ? t.removedStub : m.reply_to.text}
          </div>
        )}
        {m.is_removed ? (
          <div className="messenger-msg__text">{t.removedStub}</div>
        ) : (
          <>
            {m.attachments.length > 0 && (
              <div className="messenger-msg__media">
                {m.attachments.map((a) => (
                  <Attachment key={a.uuid} item={a} />
                ))}
              </div>
            )}
            {m.text && (
              <div className="messenger-msg__text">
                <Linked text={m.text} />
              </div>
            )}
            {m.preview && <Preview preview={m.preview} />}
          </>
        )}
        <div className="messenger-msg__meta">
          {m.edited_date && !m.is_removed && <span>{t.edited}</span>}
          <time dateTime={m.date}>{messageTime(m.date)}</time>
          {mine && !m.is_removed && (
            <span
              className={`messenger-tick${read ? ' is-read' : ''}`}
              aria-label={read ? t.read : t.sent}
              data-testid="messenger-tick"
              data-read={read ? '1' : '0'}
            >
              {read ? '✓✓' : '✓'}
            </span>
          )}
        </div>
        {m.reactions.length > 0 && (
          <div className="messenger-msg__reactions">
            {m.reactions.map((r) => (
              <button
                key={r.reaction}
                type="button"
                className={`messenger-reaction${r.is_mine ? ' is-mine' : ''}`}
                onClick={() => act(`react:${r.reaction}`)}
                aria-pressed={r.is_mine}
              >
                {r.reaction} {r.count}
              </button>
            ))}
          </div>
        )}
      </div>
      {!m.is_removed && (
        <MoreMenu
          label={t.title}
          className="messenger-msg__menu"
          testId="messenger-message-menu"
          items={() => [
            ...MESSAGE_REACTIONS.map((r) => ({ label: r, value: `react:${r}` })),
            { label: t.reply, value: 'reply' },
            ...(mine ? [{ label: t.edit, value: 'edit' }] : []),
            ...(mine || canModerate ? [{ label: t.remove, value: 'remove', color: 'var(--danger)' }] : []),
            ...(!mine ? [{ label: t.complain, value: 'complain' }] : []),
          ]}
          onSelect={(v) => void act(v)}
        />
      )}
    </div>
  );
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

/** Enter sends, Shift+Enter starts a new line; pasted or dropped pictures are uploaded and attached; a draft per chat. */
function Composer({
  chat,
  reply,
  editing,
  onCancel,
  onSent,
}: {
  chat: ChatDetails;
  reply: Message | null;
  editing: Message | null;
  onCancel(): void;
  onSent(m: Message): void;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<(MediaImage | MediaFile)[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastTyping = useRef(0);
  const clientId = useRef(newClientId());
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setText(drafts.get(chat.id));
    setFiles([]);
    clientId.current = newClientId();
  }, [chat.id]);
  useEffect(() => {
    if (editing) setText(editing.text);
    else if (!reply) setText(drafts.get(chat.id));
    input.current?.focus();
  }, [editing, reply, chat.id]);

  async function attach(list: File[]) {
    if (!list.length) return;
    if (files.length + list.length > MESSAGE_ATTACHMENTS_MAX)
      return toast.show(rm.mediaTooMany(MESSAGE_ATTACHMENTS_MAX), { type: 'error' });
    setUploading(true);
    const isMedia = (f: File) => /^(image|video|audio)\//.test(f.type) && f.type !== 'image/svg+xml';
    const uploaded: (MediaImage | MediaFile)[] = await messengerCalls.upload(list.filter(isMedia));
    for (const f of list.filter((x) => !isMedia(x))) {
      const item = await messengerCalls.uploadFile(f);
      if (item) uploaded.push(item);
    }
    setUploading(false);
    setFiles((prev) => [...prev, ...uploaded].slice(0, MESSAGE_ATTACHMENTS_MAX));
  }

  async function submit() {
    if (busy || uploading) return;
    const body = text.trim();
    if (editing) {
      if (!body) return;
      setBusy(true);
      const result = await messengerCalls.edit(editing.id, body);
      setBusy(false);
      if (result.ok) {
        onSent(result.data);
        setText(drafts.get(chat.id));
      }
      return;
    }
    if (!body && !files.length) return;
    setBusy(true);
    // The same client_id on a retry: the server stores the message once.
    const result = await messengerCalls.send(chat.id, {
      text: body,
      attachments: files.map((f) => (isMediaFile(f) ? { uuid: f.uuid, name: f.name } : f.uuid)),
      ...(reply ? { reply_to: reply.id } : {}),
      client_id: clientId.current,
    });
    setBusy(false);
    if (!result.ok) return;
    clientId.current = newClientId();
    // The next keystroke starts a new message: tell it at once.
    lastTyping.current = 0;
    setText('');
    setFiles([]);
    drafts.set(chat.id, '');
    onSent(result.data);
  }

  if (!chat.can_send)
    return (
      <div className="messenger-composer is-readonly" data-testid="messenger-composer">
        {t.placeholderReadOnly}
      </div>
    );

  return (
    <form
      className={`messenger-composer${dragging ? ' is-dragging' : ''}`}
      data-testid="messenger-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void attach([...e.dataTransfer.files]);
      }}
    >
      {(reply || editing) && (
        <div className="messenger-composer__context">
          <span>
            {editing ? t.editing : t.replyTo(reply?.author?.name ?? '')}
            {reply && <span className="messenger-composer__quote"> {reply.text}</span>}
          </span>
          <button type="button" className="icon-btn" onClick={onCancel} aria-label={t.cancel}>
            ×
          </button>
        </div>
      )}
      {(files.length > 0 || uploading) && (
        <div className="messenger-composer__files" data-testid="messenger-attachments">
          {files.map((f) => (
            <span key={f.uuid} className="messenger-composer__file">
              {isMediaFile(f) ? (
                <span className="messenger-composer__filename" title={f.name}>
                  {f.name}
                </span>
              ) : isAudioType(f.type) ? (
                <span>🎵</span>
              ) : (
                <img
                  src={mediaUrl(mediaBaseUrl(), f.uuid, { width: 80, height: 80, crop: true })}
                  alt=""
                  width={56}
                  height={56}
                />
              )}
              <button
                type="button"
                aria-label={t.removeAttachment}
                onClick={() => setFiles((prev) => prev.filter((x) => x.uuid !== f.uuid))}
              >
                ×
              </button>
            </span>
          ))}
          {uploading && <span className="messenger-composer__uploading">{t.uploading}</span>}
        </div>
      )}
      <div className="messenger-composer__row">
        <button
          type="button"
          className="icon-btn"
          aria-label={t.attach}
          title={t.attach}
          onClick={() => fileInput.current?.click()}
          disabled={uploading || !!editing}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
            <path
              d="M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={`image/*,video/mp4,audio/*,${FILE_ACCEPT}`}
          onChange={(e) => {
            void attach([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          data-testid="messenger-file-input"
        />
        <textarea
          ref={input}
          rows={1}
          value={text}
          placeholder={t.placeholder}
          aria-label={t.placeholder}
          maxLength={MESSAGE_MAX_LENGTH}
          data-testid="messenger-input"
          onChange={(e) => {
            setText(e.target.value);
            if (!editing) drafts.set(chat.id, e.target.value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_EVERY_MS && chat.type !== 'channel') {
              lastTyping.current = now;
              void messengerCalls.typing(chat.id);
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            } else if (e.key === 'Escape' && (reply || editing)) onCancel();
          }}
          onPaste={(e) => {
            const pasted = [...e.clipboardData.files];
            if (pasted.length) {
              e.preventDefault();
              void attach(pasted);
            }
          }}
        />
        <button
          type="submit"
          className="btn btn-primary messenger-send"
          disabled={busy || uploading}
          data-testid="messenger-send"
        >
          {t.send}
        </button>
      </div>
      {dragging && <div className="messenger-composer__drop">{t.dropHere}</div>}
    </form>
  );
}
