import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchFieldUi } from '../../../shared/catalogue/shown.ts';
import { searchPageUrl } from '../../../shared/search.ts';
import { rememberSearch } from './recent.ts';

// The suggestions' code (requests, recent searches, the list and its keys) loads at the reader's first touch of the
// box, or when the pointer comes over it; the box itself is here, so nothing a reader types or focuses is lost.
const HeaderSearchSuggestions = lazy(() =>
  import('./HeaderSearchSuggestions.tsx').then((m) => ({ default: m.HeaderSearchSuggestions })),
);

/**
 * The header search box (spec/foundation.md §2 and §9, a popover list with search); HeaderSearchSuggestions.tsx
 * suggests and handles the keys. Enter before that code is there opens the search page, as it does without a chosen
 * line.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [aria, setAria] = useState<{ expanded: boolean; activeId?: string }>({ expanded: false });
  const report = useCallback((expanded: boolean, activeId: string | undefined) => setAria({ expanded, activeId }), []);
  const want = () => setWanted(true);

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (keys.current) return keys.current(e);
    const query = text.replace(/\s+/g, ' ').trim();
    if (e.key === 'Escape') setOpen(false);
    if (e.key !== 'Enter' || !query) return;
    e.preventDefault();
    rememberSearch(query);
    setOpen(false);
    input.current?.blur();
    void navigate(searchPageUrl({ query }));
  }

  return (
    <div className="header-search" ref={box} data-testid="header-search" onPointerEnter={want}>
      <svg className="header-search__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden>
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        type="search"
        className="header-search__input"
        placeholder={searchFieldUi.placeholder}
        aria-label={searchFieldUi.label}
        role="combobox"
        aria-expanded={aria.expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={aria.activeId}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          want();
        }}
        onFocus={() => {
          setOpen(true);
          want();
        }}
        onKeyDown={onKey}
        data-testid="header-search-input"
      />
      {wanted && (
        <Suspense fallback={null}>
          <HeaderSearchSuggestions
            id={id}
            text={text}
            setText={setText}
            open={open}
            setOpen={setOpen}
            box={box}
            input={input}
            keys={keys}
            report={report}
          />
        </Suspense>
      )}
    </div>
  );
}
