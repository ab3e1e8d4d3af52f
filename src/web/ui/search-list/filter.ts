import type { ReactNode } from 'react';

/** One choice of a search list (spec/foundation.md §3 "Popover item", the parts a picker uses). */
export interface ListItem {
  value: string;
  label: string;
  details?: string;
  /** A picture of 22 px (an avatar, a town's flag); `icon` when it is drawn instead. */
  image?: string | null;
  icon?: ReactNode;
  color?: string;
  disabled?: boolean;
}
export interface ListSection {
  title: string;
  items: ListItem[];
}
/** A flat list of items or a list of titled sections. */
export type ListData = ListItem[] | ListSection[];

/** spec/foundation.md §9: server search waits 300 ms after the last key; 7 rows show before the list scrolls. */
export const SEARCH_LIST = { debounceMs: 300, maxVisible: 7, imageSize: 22 } as const;

export const isSections = (data: ListData): data is ListSection[] =>
  data.length > 0 && 'items' in data[0] && Array.isArray(data[0].items);

export const toSections = (data: ListData): ListSection[] => (isSections(data) ? data : [{ title: '', items: data }]);

export const flatten = (data: ListData): ListItem[] => toSections(data).flatMap((s) => s.items);

/** Search text as compared: trimmed, lower case, ё read as е (as the town search on the server does). */
export function normalizeQuery(text: string): string {
  return text.trim().toLowerCase().replace(/ё/g, 'е');
}

/**
 * Local filtering (spec/foundation.md §5): an item stays when its label or its value contains the query; sections
 * left empty go. An empty query keeps everything.
 */
export function filterList<T extends ListData>(data: T, query: string): T {
  const q = normalizeQuery(query);
  if (!q) return data;
  const hit = (i: ListItem) => normalizeQuery(i.label).includes(q) || normalizeQuery(String(i.value)).includes(q);
  if (!isSections(data)) return data.filter(hit) as T;
  return data.map((s) => ({ ...s, items: s.items.filter(hit) })).filter((s) => s.items.length > 0) as T;
}

/**
 * The next row the arrows land on (spec/foundation.md §4): wraps at both ends and steps over disabled rows; -1 when
 * none can take focus.
 */
export function step(items: readonly object[], from: number, dir: 1 | -1): number {
  const n = items.length;
  for (let k = 1; k <= n; k++) {
    const i = ((((from < 0 && dir === -1 ? n : from) + dir * k) % n) + n) % n;
    if (!(items[i] as { disabled?: boolean }).disabled) return i;
  }
  return -1;
}

/** The choice after picking `item`: one of them, or the set with `item` added or taken out. */
export function toggle(selected: ListItem[], item: ListItem, multiple: boolean): ListItem[] {
  if (!multiple) return [item];
  return selected.some((s) => s.value === item.value)
    ? selected.filter((s) => s.value !== item.value)
    : [...selected, item];
}
