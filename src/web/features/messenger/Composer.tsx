import { useEffect, useRef, useState } from 'react';
import { messages as rm, ui } from '../../../shared/catalogue.ts';
import { isAudioType, mediaUrl, type MediaFile, type MediaImage } from '../../../shared/media.ts';
import { FILE_ACCEPT, isMediaFile } from '../../../shared/media-upload.ts';
import {
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  TYPING_EVERY_MS,
  type ChatDetails,
  type Message,
} from '../../../shared/messenger.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { mediaBaseUrl } from '../../lib/media.ts';
import { drafts, messengerCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';
import { registerUnsaved } from '../../ui/unsaved.ts';
import { useLeaveGuard } from '../../ui/unsaved.ts';

const t = ui.messenger;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Enter sends, Shift+Enter starts a new line; pasted or dropped pictures are uploaded and attached; a draft per chat. */
export function Composer({
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
  // A draft is kept in this browser; an edit of a sent message is not: leaving one with changes asks first.
  const editedRef = useRef({ editing, text });
  editedRef.current = { editing, text };
  useLeaveGuard();
  useEffect(() => {
    return registerUnsaved({
      el: () => input.current,
      dirty: () => !!editedRef.current.editing && editedRef.current.text !== editedRef.current.editing.text,
    });
  }, []);

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
        <Limited className="limited--grow">
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
        </Limited>
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
