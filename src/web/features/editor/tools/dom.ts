/** A small element builder for the Editor.js tools (they are plain DOM, not React). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string | boolean | number | EventListener>> = {},
  children: (Node | string | null | false)[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === 'className') el.className = String(v);
    else if (k === 'text') el.textContent = String(v);
    else if (k === 'value') (el as HTMLInputElement).value = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

/** A one-line plain input of a block; Enter inside it must not make a new block. */
export function plainInput(className: string, placeholder: string, value: string, testId?: string): HTMLInputElement {
  const input = h('input', {
    className: `ed-input ${className}`,
    placeholder,
    value,
    type: 'text',
    'aria-label': placeholder,
    'data-testid': testId ?? false,
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') e.stopPropagation();
  });
  // A paste into the field is the field's: Editor.js would otherwise turn a pasted link into a new block.
  input.addEventListener('paste', (e) => e.stopPropagation());
  return input;
}

/** Toolbox icons: 24×24 strokes in the site's line style. */
const icon = (path: string) =>
  `<svg width="17" height="17" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

export const ICONS = {
  media: icon(
    '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="M21 17l-5-5-9 8"/>',
  ),
  video: icon('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M10 9l5 3-5 3z"/>'),
  link: icon(
    '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  ),
  incut: icon('<path d="M4 4v16"/><path d="M9 8h11M9 12h11M9 16h7"/>'),
  code: icon('<path d="M8 8l-4 4 4 4M16 8l4 4-4 4"/>'),
  audio: icon('<path d="M9 18V6l11-2v12"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>'),
  number: icon('<path d="M5 9h14M5 15h14M10 4L8 20M16 4l-2 16"/>'),
  person: icon('<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>'),
  donation: icon('<path d="M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10z"/>'),
  strike: icon(
    '<path d="M4 12h16"/><path d="M16 6.5A4 3 0 0 0 12 5c-2.5 0-4 1.3-4 3 0 1.2.8 2.2 2.5 2.8M8 17.5A4 3 0 0 0 12 19c2.5 0 4-1.3 4-3 0-.5-.1-1-.4-1.4"/>',
  ),
  spoiler: icon('<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><path d="M3 3l18 18"/>'),
  cover: icon('<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 15l5-5 4 4 3-3 6 6"/>'),
  remove: icon('<path d="M6 6l12 12M18 6L6 18"/>'),
  quiz: icon('<path d="M4 20V10M10 20V4M16 20v-7M21 20H3"/>'),
};
