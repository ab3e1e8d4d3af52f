import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import { inputMessages } from '../../../shared/catalogue/site.ts';
import { COMMENT_MAX_LENGTH } from '../../../shared/comments.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import type { MediaImage } from '../../../shared/media.ts';
import { AttachedGif, GifButton } from './GifAttach.tsx';

const L = commentsUi;
/** spec/content.md §5, limited text input: the counter shows from 20 characters left, warns under 10. */
const COUNTER_FROM = 20;
const COUNTER_WARN = 10;

// useLayoutEffect warns during server rendering; the form only grows in the browser anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface CommentFormProps {
  initialText?: string;
  /** The gif the comment carries already (editing). */
  initialGif?: MediaImage | null;
  placeholder: string;
  submitLabel: string;
  /** Resolves true when the text and gif were accepted (the form then empties itself). A gif alone is a comment. */
  onSubmit(text: string, gif: MediaImage | null): Promise<boolean>;
  onCancel?(): void;
  autoFocus?: boolean;
  testId: string;
  /** Before the buttons: the comment author switch of subsite managers. */
  extra?: ReactNode;
}

/** The add, reply and edit form: a growing textarea, the length counter near the limit, Ctrl/Cmd+Enter to send. */
export function CommentForm({
  initialText = '',
  initialGif = null,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
  testId,
  extra,
}: CommentFormProps) {
  const [text, setText] = useState(initialText);
  const [gif, setGif] = useState<MediaImage | null>(initialGif);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const left = COMMENT_MAX_LENGTH - text.length;

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [text]);

  useEffect(() => {
    const el = ref.current;
    if (!autoFocus || !el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
    el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [autoFocus]);

  const submit = async () => {
    if (busy || (!text.trim() && !gif)) return;
    setBusy(true);
    const accepted = await onSubmit(text, gif).finally(() => setBusy(false));
    if (accepted) {
      setText('');
      setGif(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };

  // A paste that would not fit is refused as a whole rather than cut (spec/content.md §5).
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = e.clipboardData.getData('text');
    const el = e.currentTarget;
    if (text.length - (el.selectionEnd - el.selectionStart) + pasted.length > COMMENT_MAX_LENGTH) {
      e.preventDefault();
      toast.show(inputMessages.textTooLong, { type: 'error' });
    }
  };

  return (
    <form
      className="comment-form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={ref}
        className="comment-form__input"
        name="text"
        rows={2}
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {gif && <AttachedGif gif={gif} onRemove={() => setGif(null)} />}
      <div className="comment-form__bar">
        {left <= COUNTER_FROM && (
          <span
            className={`comment-form__counter${left < COUNTER_WARN ? ' comment-form__counter--warn' : ''}`}
            data-testid="comment-counter"
          >
            {L.left(left)}
          </span>
        )}
        <GifButton onPick={setGif} disabled={busy} />
        <span className="comment-form__hint">{L.sendHint}</span>
        {extra}
        {onCancel && (
          <button type="button" className="btn btn-secondary btn-small" onClick={onCancel} data-testid="comment-cancel">
            {L.cancel}
          </button>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={busy || (!text.trim() && !gif)}
          data-testid="comment-submit"
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
