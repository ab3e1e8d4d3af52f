import { useEffect, useLayoutEffect, useRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Limited } from '../../ui/Limited.tsx';

/** spec/content.md §5: whitespace and length settle 200 ms after a change. */
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
 * A one-line text input (an entry's title) with the whole limited-input behaviour of spec/content.md §5: the shared
 * counter and paste refusal of `Limited`, and whitespace runs collapsing and anything over the limit trimmed 200 ms
 * after a change.
 */
export function LimitedInput({ value, onChange, maxLength, className, multiline = false, onEnter, ...rest }: Props) {
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

  return (
    <Limited count={(v) => collapseRuns(v).length}>
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
        />
      ) : (
        <input
          {...rest}
          className={className}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Limited>
  );
}
