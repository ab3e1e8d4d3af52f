import type { LayoutOptions } from './api/discovery.ts';
import { feedNavigationName, feedRoute } from './feed.ts';

/**
 * What a page path is, as the spec's initial data names it (spec/content.md §2–3): the server's `/initialData` answers
 * it, and the page shell reads the same facts (web/root.tsx: its columns follow `layout`; the livestream slot shows
 * where `layout.livestream` holds).
 */
export interface PageFacts {
  navigation_name: string;
  sorting_name: string;
  is_content: boolean;
  /** The subsite the page belongs to (a blog by id, a community by slug), an entry's too; null elsewhere. */
  subsiteRef: { id: number } | { slug: string } | null;
  layout: Omit<LayoutOptions, 'propaganda'>;
}

type Layout = PageFacts['layout'];

const layout = (content_type: LayoutOptions['content_type'], more: Partial<Layout> = {}): Layout => ({
  content_type,
  left_column: true,
  right_column: false,
  right_column_reserve: false,
  livestream: false,
  sidebar_alignment: 'left',
  ...more,
});

/** Feeds and entries: the content column, the right column and the livestream slot (as vc.ru's). */
const READING = { right_column: true, livestream: true } as const;

const other = (name: string, own: Layout): PageFacts => ({
  navigation_name: name,
  sorting_name: '',
  is_content: false,
  subsiteRef: null,
  layout: own,
});

/**
 * Lists of the site's own that read as a feed does: one content column beside the right column. `/live` is the live
 * feed itself and `/drafts` the author's desk: their column stands where a feed's does, the right one's room empty.
 */
const LIST_PAGES: Record<string, Layout> = {
  rating: layout('feed', { right_column: true }),
  companies: layout('feed', { right_column: true }),
  stats: layout('feed', { right_column: true }),
  search: layout('feed', { right_column: true }),
  bookmarks: layout('feed', { right_column: true }),
  notifications: layout('feed', { right_column: true }),
  live: layout('feed', { right_column_reserve: true }),
  drafts: layout('feed', { right_column_reserve: true }),
};

/** The boards draw their own second column (filters and widgets beside the list). */
const BOARDS = ['job', 'events'];

/** The body layout of a path (its query and hash ignored): what the page shell lays out and `/initialData` answers. */
export function pageLayout(path: string): Layout {
  const clean = path.split(/[?#]/, 1)[0].replace(/\/+$/, '') || '/';
  if (feedRoute(clean)) return layout('feed', READING);
  const [first, second, third, ...more] = clean.split('/').filter(Boolean);
  if ((first === 'u' || first === 's') && second && !more.length) {
    if (first === 'u' && !Number.isSafeInteger(Number(second.split('-', 1)[0]))) return layout('full');
    // A subsite's own pages beside its entries (settings, cabinet) are full-width pages.
    return !third ? layout('feed', READING) : /^\d/.test(third) ? layout('entry', READING) : layout('full');
  }
  if (first === 'tag' && second && !third) return layout('feed', { right_column: true });
  if (!second && Object.hasOwn(LIST_PAGES, first)) return LIST_PAGES[first];
  if (BOARDS.includes(first) && !third && (!second || /^\d/.test(second)))
    return layout(second ? '2-cols-entry' : '2-cols-fixed');
  return layout('full');
}

/** The facts of a path (its query and hash ignored); `savedSorting` is the reader's default feed sorting. */
export function pageFacts(path: string, savedSorting: string | null): PageFacts {
  const clean = path.split(/[?#]/, 1)[0].replace(/\/+$/, '') || '/';
  const own = pageLayout(clean);
  const fr = feedRoute(clean);
  if (fr) {
    const sorting = fr.sorting ?? savedSorting ?? 'hotness';
    return {
      navigation_name: feedNavigationName(fr),
      sorting_name: sorting,
      is_content: false,
      subsiteRef: null,
      layout: own,
    };
  }
  const parts = clean.split('/').filter(Boolean);
  const blog = (p: string) => ({ id: Number(p.split('-', 1)[0]) });
  if ((parts[0] === 'u' || parts[0] === 's') && parts.length >= 2 && parts.length <= 3) {
    const ref = parts[0] === 'u' ? blog(parts[1]) : { slug: parts[1] };
    if ('id' in ref && !Number.isSafeInteger(ref.id)) return other('page', own);
    if (parts.length === 3 && !/^\d/.test(parts[2])) return { ...other('page', own), subsiteRef: ref };
    if (parts.length === 3)
      return { navigation_name: 'entry', sorting_name: '', is_content: true, subsiteRef: ref, layout: own };
    return { navigation_name: 'subsite', sorting_name: 'hotness', is_content: false, subsiteRef: ref, layout: own };
  }
  if (parts[0] === 'tag' && parts.length === 2) return { ...other('tag', own), sorting_name: 'hotness' };
  if (Object.hasOwn(LIST_PAGES, parts[0])) return other(parts[0], own);
  return other('page', own);
}
