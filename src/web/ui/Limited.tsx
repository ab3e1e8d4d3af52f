import {
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { withHttps } from '../../shared/links.ts';
import { inputUi } from '../../shared/catalogue/input.ts';
import { inputMessages } from '../../shared/catalogue/site.ts';
import { toast } from './overlays/toasts.tsx';
import './limited.css';

/** spec/content.md §5 and §9: the counter shows from 20 characters left and turns to a warning under 10. */
export const COUNTER_FROM = 20;
export const WARNING_UNDER = 10;

type Field = HTMLInputElement | HTMLTextAreaElement;
const fieldIn = (el: Element | null): Field | null =>
  el?.querySelector<Field>('input[maxlength], textarea[maxlength]') ?? null;

/**
 * The limited-input behaviour of every field with a maxlength (spec/content.md §5), around one input or textarea,
 * controlled or not: the browser's maxlength blocks typing at the limit, a paste that would not fit is refused with
 * 'Слишком длинный текст', and the number of characters left shows once 20 or fewer remain (a warning under 10).
 * `count` measures the value otherwise (the title's collapsed whitespace).
 */
export function Limited({
  children,
  className = '',
  count = (v) => v.length,
  ref,
}: {
  children: ReactNode;
  /** `limited--grow`: the field fills the rest of a flex row. */
  className?: string;
  count?(value: string): number;
  /** The wrapper's element too (an unsaved-input guard around this one field). */
  ref?(el: HTMLElement | null): void;
}) {
  const root = useRef<HTMLSpanElement | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const measure = () => {
    const f = fieldIn(root.current);
    setLeft(f && f.maxLength > 0 ? f.maxLength - count(f.value) : null);
  };
  // every render: a controlled value set from outside (a cleared form) is measured too
  useLayoutEffect(measure);

  function onPaste(e: ClipboardEvent<HTMLSpanElement>) {
    const f = e.target as Field;
    if (!(f instanceof HTMLInputElement || f instanceof HTMLTextAreaElement) || f.maxLength <= 0) return;
    const pasted = e.clipboardData.getData('text');
    const start = f.selectionStart ?? f.value.length;
    const end = f.selectionEnd ?? f.value.length;
    if (count(f.value.slice(0, start) + pasted + f.value.slice(end)) > f.maxLength) {
      e.preventDefault();
      toast.show(inputMessages.textTooLong, { type: 'error' });
    }
  }

  return (
    <span
      ref={(el) => {
        root.current = el;
        ref?.(el);
      }}
      className={`limited ${className}`}
      onInput={measure}
      onPaste={onPaste}
    >
      {children}
      {left !== null && left <= COUNTER_FROM && (
        <span
          className={`limited-counter${left < WARNING_UNDER ? ' limited-counter--warning' : ''}`}
          data-testid="limited-counter"
          aria-live="polite"
          title={inputUi.charsLeft(left)}
        >
          {left}
        </span>
      )}
    </span>
  );
}

/** Puts https:// before a bare address in the field, as typing would (a controlled field's onChange hears it). */
function complete(el: HTMLInputElement): void {
  const next = withHttps(el.value);
  if (next === el.value) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, next);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The props of every link field (a website, a registration link, a banner's link): `example.ru` becomes
 * `https://example.ru` when the field is left or Enter submits its form (spec/foundation.md §5). What a form sends
 * goes through `withHttps` too.
 */
export const linkField = {
  type: 'url',
  inputMode: 'url',
  placeholder: 'https://',
  onBlur: (e: FocusEvent<HTMLInputElement>) => complete(e.currentTarget),
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') complete(e.currentTarget);
  },
} as const;
