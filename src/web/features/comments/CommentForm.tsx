import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import { COMMENT_MAX_LENGTH } from '../../../shared/comments.ts';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import type { MediaImage } from '../../../shared/media.ts';
import { AttachedGif, GifButton } from './GifAttach.tsx';

const L = commentsUi;

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

/**
 * The add, reply and edit form: a growing textarea with the shared limited-field counter and paste refusal,
 * Ctrl/Cmd+Enter to send; leaving with typed text asks first.
 */
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
  const guard = useUnsaved();

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

  return (
    <form
      ref={guard.ref}
      className="comment-form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Limited>
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
        />
      </Limited>
      {gif && <AttachedGif gif={gif} onRemove={() => setGif(null)} />}
      <div className="comment-form__bar">
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
