import {
  useEffect,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { messages, ui } from '../../../shared/catalogue.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

/** spec/content.md §5 and §9: the counter shows from 20 characters left, turns to a warning under 10; checks settle after 200 ms. */
const COUNTER_FROM = 20;
const WARNING_UNDER = 10;
const SETTLE_MS = 200;

const collapseRuns = (s: string) => s.replace(/\s+/g, ' ');

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange(value: string): void;
  maxLength: number;
  /** One paragraph that wraps and grows as it is typed (an entry's title): Enter adds no line break. */
  multiline?: boolean;
  /** Enter in a `multiline` field: where the writer goes next (an entry's title: into its text). */
  onEnter?(): void;
}

/**
 * A text input with the limited-input behaviour of spec/content.md §5: maxlength blocks typing at the limit,
 * whitespace runs collapse and anything over the limit is trimmed 200 ms after a change, a paste that would
 * not fit is refused with 'Слишком длинный текст', and the counter appears near the limit.
 */
export function LimitedInput({ value, onChange, maxLength, className, multiline = false, onEnter, ...rest }: Props) {
  const left = maxLength - collapseRuns(value).length;
  const area = useRef<HTMLTextAreaElement>(null);

  // A wrapping field is as tall as its text: measured after every change and when the window changes width.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      el.style.height = `${el.scrollHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [value]);

  useEffect(() => {
    const settled = collapseRuns(value).slice(0, maxLength);
    if (settled === value) return;
    const t = setTimeout(() => onChange(settled), SETTLE_MS);
    return () => clearTimeout(t);
  }, [value, maxLength, onChange]);

  function onPaste(e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const input = e.currentTarget;
    const pasted = e.clipboardData.getData('text');
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const next = value.slice(0, start) + pasted + value.slice(end);
    if (collapseRuns(next).length > maxLength) {
      e.preventDefault();
      toast.show(messages.textTooLong, { type: 'error' });
    }
  }

  return (
    <div className="limited">
      {multiline ? (
        <textarea
          {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          ref={area}
          rows={1}
          className={className}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value.replace(/\r?\n/g, ' '))}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            onEnter?.();
          }}
          onPaste={onPaste}
        />
      ) : (
        <input
          {...rest}
          className={className}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          onPaste={onPaste}
        />
      )}
      {left <= COUNTER_FROM && (
        <span
          className={`limited-counter ${left < WARNING_UNDER ? 'limited-counter--warning' : ''}`}
          data-testid="limited-counter"
          aria-live="polite"
          title={ui.entries.writing.charsLeft(left)}
        >
          {left}
        </span>
      )}
    </div>
  );
}
