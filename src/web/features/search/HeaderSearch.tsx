import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchUi } from '../../../shared/catalogue/search.ts';
import {
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_PER_KIND,
  SUGGEST_VISIBLE,
  searchPageUrl,
  type SearchEntry,
  type SearchSubsite,
} from '../../../shared/search.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { searchCall } from './calls.ts';
import { forgetSearches, recentSearches, rememberSearch } from './recent.ts';

interface Option {
  key: string;
  kind: 'entry' | 'user' | 'subsite' | 'recent' | 'all';
  section?: string;
  /** Safe HTML from the server (escaped text and `<mark>`), or plain text for recent queries. */
  html?: string;
  label: string;
  details?: string;
  url: string;
  avatar?: { name: string; color: string; url: string | null };
}

const people = (list: SearchSubsite[], kind: 'user' | 'subsite', section: string): Option[] =>
  list.map((s) => ({
    key: `${kind}-${s.id}`,
    kind,
    section,
    html: s.name_html,
    label: s.name,
    url: s.url,
    avatar: { name: s.name, color: s.avatar_color, url: s.avatar_url },
  }));

/**
 * The header search box (spec/foundation.md §2 and §9, a popover list with search): suggestions of entries, people
 * and subsites from the server, 300 ms after the last key, at most 7 lines visible; arrows move, Enter opens the
 * chosen line or the search page; an empty box offers the recent searches of this device.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [found, setFound] = useState<Option[] | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const query = text.replace(/\s+/g, ' ').trim();

  // spec/foundation.md §5: the search text is trimmed and lowercased; an empty search clears the results.
  useEffect(() => {
    setActive(-1);
    if (!query) {
      setFound(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    let live = true;
    const timer = setTimeout(async () => {
      const params = { query: query.toLowerCase() };
      const [entries, users, subsites] = await Promise.all([
        searchCall('entries', 'relevant', 1, params, true),
        searchCall('users', 'relevant', 1, params, true),
        searchCall('subsites', 'relevant', 1, params, true),
      ]);
      if (!live) return;
      setLoading(false);
      // A failed search clears the results (spec/foundation.md §8: console only).
      if (!entries.ok || !users.ok || !subsites.ok) {
        console.warn('search failed', entries.rm || users.rm || subsites.rm);
        setFound([]);
        return;
      }
      const e = (entries.data.items as SearchEntry[]).slice(0, SUGGEST_PER_KIND).map<Option>((item) => ({
        key: `entry-${item.id}`,
        kind: 'entry',
        section: searchUi.sections.entries,
        html: item.title_html || item.snippet_html,
        label: item.title,
        details: item.subsite.name,
        url: item.url,
      }));
      const u = people((users.data.items as SearchSubsite[]).slice(0, 2), 'user', searchUi.sections.users);
      const s = people((subsites.data.items as SearchSubsite[]).slice(0, 2), 'subsite', searchUi.sections.subsites);
      setFound([...e, ...u, ...s]);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const options: Option[] = query
    ? [
        ...(found ?? []),
        ...(found && found.length
          ? [{ key: 'all', kind: 'all' as const, label: searchUi.showAll(query), url: searchPageUrl({ query }) }]
          : []),
      ]
    : recent.map((r) => ({ key: `recent-${r}`, kind: 'recent' as const, label: r, url: searchPageUrl({ query: r }) }));

  function show() {
    setRecent(recentSearches());
    setOpen(true);
  }

  function go(url: string, remember: string) {
    rememberSearch(remember);
    setOpen(false);
    input.current?.blur();
    navigate(url);
  }

  function pick(o: Option) {
    go(o.url, o.kind === 'recent' ? o.label : query);
    if (o.kind === 'recent') setText(o.label);
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      const n = options.length;
      if (!n) return;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0 && options[active]) pick(options[active]);
      else if (query) go(searchPageUrl({ query }), query);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  }

  // Closes when a click lands outside.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const listId = `${id}-list`;
  const showList = open && (query ? true : options.length > 0);
  let lastSection: string | undefined;
  return (
    <div className="header-search" ref={box} data-testid="header-search">
      <svg className="header-search__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden>
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        type="search"
        className="header-search__input"
        placeholder={searchUi.placeholder}
        aria-label={searchUi.label}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={show}
        onKeyDown={onKey}
        data-testid="header-search-input"
      />
      {showList && (
        <div
          className="header-search__list"
          id={listId}
          role="listbox"
          aria-label={searchUi.label}
          style={{ ['--visible' as string]: SUGGEST_VISIBLE }}
          data-testid="header-search-list"
        >
          {!query && (
            <div className="header-search__section" role="presentation">
              {searchUi.recent}
              <button
                type="button"
                className="header-search__clear"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  forgetSearches();
                  setRecent([]);
                }}
              >
                {searchUi.clearRecent}
              </button>
            </div>
          )}
          {query && loading && !found && <div className="header-search__note">{searchUi.loading}</div>}
          {query && found && !found.length && !loading && (
            <div className="header-search__note" data-testid="header-search-empty">
              {searchUi.nothingFound}
            </div>
          )}
          {options.map((o, i) => {
            const head = o.section && o.section !== lastSection ? o.section : null;
            lastSection = o.section;
            return (
              <div key={o.key} role="presentation">
                {head && (
                  <div className="header-search__section" role="presentation">
                    {head}
                  </div>
                )}
                <a
                  id={`${id}-${i}`}
                  href={o.url}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  className={`header-search__option header-search__option--${o.kind}${i === active ? ' is-active' : ''}`}
                  data-testid="header-search-option"
                  data-kind={o.kind}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                    e.preventDefault();
                    pick(o);
                  }}
                >
                  {o.avatar && <Avatar name={o.avatar.name} color={o.avatar.color} url={o.avatar.url} size={22} />}
                  <span className="header-search__text">
                    {o.html ? (
                      // Escaped by the server; only <mark> is markup (src/server/modules/search/service.ts).
                      <span className="header-search__label" dangerouslySetInnerHTML={{ __html: o.html }} />
                    ) : (
                      <span className="header-search__label">{o.label}</span>
                    )}
                    {o.details && <span className="header-search__details">{o.details}</span>}
                  </span>
                </a>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
