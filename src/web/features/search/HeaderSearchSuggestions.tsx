import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react';
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

/** What HeaderSearch.tsx shares with its suggestions: the box's text and state, and where the list reports back. */
export interface SuggestionsProps {
  /** The id prefix of the list and its options. */
  id: string;
  text: string;
  setText(text: string): void;
  open: boolean;
  setOpen(open: boolean): void;
  box: RefObject<HTMLDivElement | null>;
  input: RefObject<HTMLInputElement | null>;
  /** The box's key handler: set here once this code is loaded. */
  keys: { current: ((e: KeyboardEvent<HTMLInputElement>) => void) | null };
  /** Tells the box whether the list shows and which option is active (its ARIA attributes). */
  report(expanded: boolean, activeId: string | undefined): void;
}

/**
 * The header search box's suggestions (spec/foundation.md §2 and §9, a popover list with search): entries, people and
 * subsites from the server, 300 ms after the last key, at most 7 lines visible; arrows move, Enter opens the chosen
 * line or the search page; an empty box offers the recent searches of this device. Loaded by HeaderSearch.tsx at the
 * reader's first touch of the box, which keeps the input itself.
 */
export function HeaderSearchSuggestions({
  id,
  text,
  setText,
  open,
  setOpen,
  box,
  input,
  keys,
  report,
}: SuggestionsProps) {
  const navigate = useNavigate();
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

  // The box opened (focus, typing): the recent searches of this device as they are now.
  useEffect(() => {
    if (open) setRecent(recentSearches());
  }, [open]);

  function go(url: string, remember: string) {
    rememberSearch(remember);
    setOpen(false);
    input.current?.blur();
    void navigate(url);
  }

  function pick(o: Option) {
    go(o.url, o.kind === 'recent' ? o.label : query);
    if (o.kind === 'recent') setText(o.label);
  }

  // The box's keys come here while this list is mounted.
  useLayoutEffect(() => {
    keys.current = onKey;
  });
  useEffect(
    () => () => {
      keys.current = null;
    },
    [keys],
  );

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
  }, [open, box, setOpen]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const listId = `${id}-list`;
  const showList = open && (query ? true : options.length > 0);
  const activeId = active >= 0 ? `${id}-${active}` : undefined;
  useLayoutEffect(() => report(showList, activeId), [report, showList, activeId]);
  let lastSection: string | undefined;
  return (
    <>
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
    </>
  );
}
