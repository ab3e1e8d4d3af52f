import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX } from '../../../shared/search.ts';

/** Recent searches kept on the device (localStorage), newest first, without repeats (any case). */
export function recentSearches(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(list)
      ? list.filter((q): q is string => typeof q === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(list: string[]) {
  const value = JSON.stringify(list);
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, value);
  } catch {
    // spec/foundation.md §9: on a write failure clear the storage and try once more
    try {
      localStorage.clear();
      localStorage.setItem(RECENT_SEARCHES_KEY, value);
    } catch {
      // storage unavailable (private mode): nothing is remembered
    }
  }
}

export function rememberSearch(query: string) {
  const q = query.replace(/\s+/g, ' ').trim();
  if (!q) return;
  write([q, ...recentSearches().filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_SEARCHES_MAX));
}

export function forgetSearches() {
  write([]);
}
