import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { searchListUi as t } from '../../../shared/catalogue/search-list.ts';
import '../form-field.css';
import { OptionList, optionId } from './OptionList.tsx';
import {
  SEARCH_LIST,
  filterList,
  flatten,
  normalizeQuery,
  step,
  toggle,
  type ListData,
  type ListItem,
} from './filter.ts';

export interface SearchListProps {
  /** The field's accessible name (and visible label when `showLabel`). */
  label: string;
  showLabel?: boolean;
  placeholder?: string;
  /** The chosen items: at most one unless `multiple`. */
  value: ListItem[];
  onChange(next: ListItem[]): void;
  multiple?: boolean;
  /** A fixed list, filtered locally as the reader types. */
  items?: ListData;
  /** The list shown before anything is typed, asked once on first opening (and filtered locally like `items`). */
  loadInitial?(signal: AbortSignal): Promise<ListData>;
  /** Server search for what is typed, 300 ms after the last key; without it the search is local. */
  search?(query: string, signal: AbortSignal): Promise<ListData>;
  maxLength?: number;
  /** Said instead of 'Ничего не найдено' when the list is empty. */
  emptyText?: string;
  testId?: string;
  optionTestId?: string;
  className?: string;
}

/**
 * The popover list with search (spec/foundation.md §2, §4, §5, §9): a text field that opens a listbox under itself.
 * Arrows move (wrapping, over disabled rows), Enter picks, Escape closes; one choice fills the field, several show as
 * removable chips and keep the list open. No business rules here: what the items are and where they come from is the
 * caller's; a failed load or search only logs and empties the list.
 */
export function SearchList({
  label,
  showLabel = false,
  placeholder = t.placeholder,
  value,
  onChange,
  multiple = false,
  items,
  loadInitial,
  search,
  maxLength = 100,
  emptyText = t.nothing,
  testId,
  optionTestId,
  className = '',
}: SearchListProps) {
  const id = useId();
  const listId = `${id}-list`;
  const shownLabel = !multiple ? (value[0]?.label ?? '') : '';
  const [text, setText] = useState(shownLabel);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(-1);
  const [initial, setInitial] = useState<ListData | null>(null);
  const [found, setFound] = useState<ListData | null>(null);
  const [loading, setLoading] = useState(false);
  const [typing, setTyping] = useState(false);

  // the field follows a choice made elsewhere while the reader is not typing in it
  const [shownBefore, setShownBefore] = useState(shownLabel);
  if (shownBefore !== shownLabel) {
    setShownBefore(shownLabel);
    if (!typing) setText(shownLabel);
  }

  // the latest loaders, so a caller's inline function does not restart a request on every render
  const sources = useRef({ loadInitial, search });
  useLayoutEffect(() => {
    sources.current = { loadInitial, search };
  });
  const hasInitial = !!loadInitial;
  const hasSearch = !!search;

  useEffect(() => {
    const load = sources.current.loadInitial;
    if (!open || !load || initial) return;
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal)
      .then(setInitial, (e: unknown) => {
        if (!controller.signal.aborted) console.warn('search list: initial data failed', e);
        setInitial([]);
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [open, hasInitial, initial]);

  const query = typing ? normalizeQuery(text) : '';
  useEffect(() => {
    setFound(null);
    const find = sources.current.search;
    if (!find || !open || !query) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      find(query, controller.signal)
        .then(setFound, (e: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('search list: search failed', e);
          setFound([]);
        })
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_LIST.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setLoading(false);
    };
  }, [hasSearch, open, query]);

  const data: ListData = useMemo(() => {
    if (hasSearch && query) return found ?? [];
    return filterList(items ?? initial ?? [], query);
  }, [hasSearch, query, found, items, initial]);
  const rows = useMemo(() => flatten(data), [data]);
  // a new list starts with no row focused
  const [rowsBefore, setRowsBefore] = useState(rows);
  if (rowsBefore !== rows) {
    setRowsBefore(rows);
    setFocused(-1);
  }

  const selected = value.map((v) => v.value);
  const waiting = loading || (hasSearch && !!query && found === null) || (hasInitial && !initial && !items);
  const expanded = open && (rows.length > 0 || waiting || !!query);

  function pick(item: ListItem) {
    if (item.disabled) return;
    const next = toggle(value, item, multiple);
    onChange(next);
    setTyping(false);
    if (multiple) setText('');
    else {
      setText(item.label);
      setOpen(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      setFocused(step(rows, focused, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter' && expanded) {
      e.preventDefault();
      if (focused >= 0) pick(rows[focused]);
    } else if (e.key === 'Escape' && expanded) {
      // the list closes, not the popup or page around it
      e.preventDefault();
      e.stopPropagation();
      e.nativeEvent.stopImmediatePropagation();
      close();
    } else if (e.key === 'Backspace' && multiple && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  function close() {
    setOpen(false);
    setFocused(-1);
    if (!multiple) {
      setTyping(false);
      setText(shownLabel);
    }
  }

  return (
    <div className={`search-list${multiple ? ' search-list--multiple' : ''} ${className}`}>
      {showLabel && (
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
      )}
      {multiple && value.length > 0 && (
        <ul className="search-list__chips" aria-label={label}>
          {value.map((v) => (
            <li key={v.value} className="search-list__chip" data-testid="search-list-chip" data-value={v.value}>
              <span>{v.label}</span>
              <button
                type="button"
                aria-label={t.remove(v.label)}
                onClick={() => onChange(value.filter((x) => x.value !== v.value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="form-input search-list__input"
        type="text"
        value={text}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        role="combobox"
        aria-label={showLabel ? undefined : label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded && rows.length > 0 ? listId : undefined}
        aria-activedescendant={expanded && focused >= 0 ? optionId(listId, focused) : undefined}
        data-testid={testId}
        onFocus={(e) => {
          setOpen(true);
          // a single choice reads like a select: typing replaces the chosen name
          if (!multiple) e.target.select();
        }}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setTyping(true);
          setText(e.target.value);
          setOpen(true);
          if (!multiple && !e.target.value.trim() && value.length) onChange([]);
        }}
      />
      {expanded && (
        <div className="search-list__popover" data-testid="search-list">
          {rows.length > 0 ? (
            <OptionList
              id={listId}
              data={data}
              focused={focused}
              selected={selected}
              multiple={multiple}
              label={label}
              optionTestId={optionTestId}
              onFocus={setFocused}
              onPick={pick}
            />
          ) : (
            <div className="search-list__status" role="status" data-testid="search-list-status">
              {waiting ? t.loading : emptyText}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
