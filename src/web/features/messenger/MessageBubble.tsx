import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { isAudioType, mediaUrl, type MediaFile, type MediaImage } from '../../../shared/media.ts';
import { isMediaFile } from '../../../shared/media-upload.ts';
import { formatFileSize } from '../../../shared/format.ts';
import { MESSAGE_REACTIONS, messageTime, type Message } from '../../../shared/messenger.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { mediaBaseUrl } from '../../lib/media.ts';
import { messengerCalls } from './calls.ts';

const t = ui.messenger;

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

export function MessageBubble({
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
      const reaction = MESSAGE_REACTIONS.find((r) => r === value.slice(6));
      if (!reaction) return;
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
