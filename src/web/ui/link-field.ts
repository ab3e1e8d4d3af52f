import type { FocusEvent, KeyboardEvent } from 'react';
import { withHttps } from '../../shared/links.ts';

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
