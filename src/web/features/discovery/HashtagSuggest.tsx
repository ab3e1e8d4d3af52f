import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { HashtagItem } from '../../../shared/hashtags.ts';
import { formatNumber } from '../../../shared/format.ts';
import type { suggest } from '../../../shared/api/hashtags.ts';
import { call } from '../../api/call.ts';
import { OptionList } from '../../ui/search-list/OptionList.tsx';
import { SEARCH_LIST, step } from '../../ui/search-list/filter.ts';

/** What the author typed right before the caret: a `#` that starts a tag and the letters after it. */
const TYPED = /(?:^|[^\p{L}\p{N}_&#/])#([\p{L}_][\p{L}\p{N}_]{0,49})$/u;

interface Open {
  items: HashtagItem[];
  typed: string;
  x: number;
  y: number;
}

/** The tag being typed at the caret inside `root`'s editable text, with the caret's place on screen. */
function typedTag(root: HTMLElement): { typed: string; x: number; y: number } | null {
  const sel = window.getSelection();
  if (!sel || !sel.isCollapsed || !sel.anchorNode || sel.anchorNode.nodeType !== Node.TEXT_NODE) return null;
  if (!root.contains(sel.anchorNode)) return null;
  const before = (sel.anchorNode.textContent ?? '').slice(0, sel.anchorOffset);
  const m = TYPED.exec(before);
  if (!m) return null;
  const rect = sel.getRangeAt(0).getBoundingClientRect();
  return { typed: m[1], x: rect.left, y: rect.bottom };
}

/**
 * Suggestions while an author types `#тег` in the editor (`GET /search-hashtag`, spec/content.md §2): debounced
 * 300 ms, arrows and Enter or Tab pick, Escape closes. The picked tag replaces what was typed, through the browser's
 * own text insertion, so the editor records it as typing.
 */
export function HashtagSuggest({ root }: { root: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const state = useRef({ open, active });
  state.current = { open, active };

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const onInput = () => {
      clearTimeout(timer);
      const at = typedTag(el);
      if (!at) {
        setOpen(null);
        return;
      }
      timer = setTimeout(async () => {
        const ask = ++asked;
        const r = await call<typeof suggest>(
          'GET /search-hashtag',
          { query: at.typed },
          { notify: false, authRetry: false },
        );
        if (ask !== asked) return;
        const items = r.ok ? r.data.items.filter((i) => i.name !== at.typed.toLowerCase()) : [];
        setActive(0);
        setOpen(items.length ? { items, ...at } : null);
      }, SEARCH_LIST.debounceMs);
    };
    const pick = (item: HashtagItem) => {
      const at = typedTag(el);
      const sel = window.getSelection();
      setOpen(null);
      if (!at || !sel) return;
      for (let i = 0; i < at.typed.length; i++) sel.modify('extend', 'backward', 'character');
      document.execCommand('insertText', false, `${item.name} `);
    };
    const onKey = (e: KeyboardEvent) => {
      const { open: o, active: a } = state.current;
      if (!o) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        e.stopPropagation();
        setActive(step(o.items, a, e.key === 'ArrowDown' ? 1 : -1));
      } else if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        e.stopPropagation();
        pick(o.items[a]);
      } else if (e.key === 'Escape') {
        e.stopPropagation();
        setOpen(null);
      }
    };
    const onPick = (e: Event) => pick((e as CustomEvent<HashtagItem>).detail);
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKey, true);
    el.addEventListener('sreda:hashtag-pick', onPick);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKey, true);
      el.removeEventListener('sreda:hashtag-pick', onPick);
    };
  }, [root]);

  if (!open) return null;
  const items = open.items.map((item) => ({
    value: item.name,
    label: `#${item.name}`,
    details: formatNumber(item.count),
  }));
  return (
    <OptionList
      id={listId}
      className="hashtag-suggest"
      label={ui.discovery.hashtags.suggestTitle}
      testId="hashtag-suggest"
      optionTestId="hashtag-suggest-item"
      style={{ left: Math.max(8, Math.min(open.x, window.innerWidth - 248)), top: open.y + 4 }}
      data={items}
      focused={active}
      selected={[]}
      onFocus={setActive}
      // the pick happens where the author was typing: the caret stays in the editor (the list never takes focus)
      onPick={(item) =>
        root.current?.dispatchEvent(
          new CustomEvent('sreda:hashtag-pick', { detail: open.items.find((i) => i.name === item.value) }),
        )
      }
    />
  );
}
