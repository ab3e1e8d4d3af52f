import { useRef, useState, type KeyboardEvent } from 'react';
import { commentsUi as L } from '../../../shared/catalogue/comments.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { MediaImage, UploadResultItem } from '../../../shared/media.ts';
import type { uploadGif } from '../../../shared/api/media.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { GifVideo } from './GifVideo.tsx';
import { isGifLink } from './gif-link.ts';

/** The gif of the answer, or the Russian reason there is none (the server refuses anything but a gif with a 400). */
function gifOf(res: { ok: boolean; rm: string; data?: { result: UploadResultItem } }): MediaImage | string {
  const item = res.ok ? res.data?.result : undefined;
  if (!item) return res.rm || messages.mediaUploadFailed;
  if (item.type === 'error') return item.data.message;
  return item.data.type === 'gif' ? item.data : messages.mediaGifOnly;
}

/** Tab and Shift+Tab stay inside the dialog (the popup layer gives Escape and the focus back). */
function trapTab(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const dialog = e.currentTarget.closest<HTMLElement>('[role=dialog]') ?? e.currentTarget;
  const all = [
    ...dialog.querySelectorAll<HTMLElement>(
      'button:not([disabled]), input:not([disabled]):not([hidden]), video[controls], a[href]',
    ),
  ];
  if (!all.length) return;
  const [first, last] = [all[0], all[all.length - 1]];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function AttachGifForm({ onDone }: { onDone(gif: MediaImage | null): void }) {
  const [gif, setGif] = useState<MediaImage | null>(null);
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const take = async (send: () => Promise<{ ok: boolean; rm: string; data?: { result: UploadResultItem } }>) => {
    setBusy(true);
    setError('');
    const res = await send().finally(() => setBusy(false));
    const got = gifOf(res);
    if (typeof got === 'string') setError(got);
    else setGif(got);
  };
  const fromFile = (file: File | undefined) => {
    if (file)
      void take(() =>
        call<typeof uploadGif>('POST /andropov/upload/gif', { file: [file] }, { format: 'multipart', notify: false }),
      );
  };
  const fromLink = () => {
    const url = link.trim();
    if (!isGifLink(url)) return setError(L.gifLinkInvalid);
    void take(() => call<typeof uploadGif>('POST /andropov/upload/gif', { url }, { notify: false }));
  };
  const confirm = () => {
    if (gif && !busy) onDone(gif);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    trapTab(e);
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      confirm();
    }
  };

  return (
    <form
      className="gif-modal"
      data-testid="attach-gif"
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        confirm();
      }}
    >
      <h2 className="gif-modal__title" id="attach-gif-title">
        {L.gifTitle}
      </h2>
      <div className="gif-modal__file">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => fileRef.current?.click()}
          data-testid="attach-gif-file-button"
        >
          {L.gifFile}
        </button>
      </div>
      <p className="gif-modal__or">{L.gifOr}</p>
      <div className="gif-modal__link">
        <input
          type="url"
          className="gif-modal__input"
          aria-label={L.gifLink}
          placeholder={L.gifLinkPlaceholder}
          value={link}
          disabled={busy}
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              fromLink();
            }
          }}
          data-testid="attach-gif-link"
        />
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !link.trim()}
          onClick={fromLink}
          data-testid="attach-gif-load"
        >
          {L.gifLoad}
        </button>
      </div>
      {busy && (
        <p className="gif-modal__note" role="status">
          {L.gifLoading}
        </p>
      )}
      {error && (
        <p className="gif-modal__error" role="alert" data-testid="attach-gif-error">
          {error}
        </p>
      )}
      {gif && (
        <figure className="gif-modal__preview" data-testid="attach-gif-preview">
          <GifVideo gif={gif} />
          <figcaption className="gif-modal__note">{L.gifPreview}</figcaption>
        </figure>
      )}
      <div className="gif-modal__actions">
        <span className="gif-modal__hint">{L.gifConfirmHint}</span>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(null)}>
          {L.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!gif || busy} data-testid="attach-gif-confirm">
          {L.gifAttach}
        </button>
      </div>
      {/* Last: the popup focuses its first field, which must be the link, not this hidden picker. */}
      <input
        ref={fileRef}
        type="file"
        accept=".gif,image/gif"
        hidden
        data-testid="attach-gif-file"
        onChange={(e) => {
          fromFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </form>
  );
}

/** The attach-gif modal (spec/foundation.md §5 «attach gif»): resolves with the uploaded gif, or null when closed. */
export function pickGif(): Promise<MediaImage | null> {
  return new Promise((resolve) => {
    let chosen: MediaImage | null = null;
    popup.open({
      kind: 'attach_gif',
      size: 'small',
      labelledBy: 'attach-gif-title',
      onClose: () => resolve(chosen),
      render: ({ close }) => (
        <AttachGifForm
          onDone={(gif) => {
            chosen = gif;
            close();
          }}
        />
      ),
    });
  });
}
