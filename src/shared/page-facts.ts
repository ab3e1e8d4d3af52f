import type { LayoutOptions } from './api/discovery.ts';
import { feedNavigationName, feedRoute } from './feed.ts';

/**
 * What a page path is, as the spec's initial data names it (spec/content.md §2–3): the server's `/initialData` answers
 * it, and the page shell reads the same facts (the livestream slot shows where `layout.livestream` holds).
 */
export interface PageFacts {
  navigation_name: string;
  sorting_name: string;
  is_content: boolean;
  /** The subsite the page belongs to (a blog by id, a community by slug), an entry's too; null elsewhere. */
  subsiteRef: { id: number } | { slug: string } | null;
  layout: Omit<LayoutOptions, 'propaganda'>;
}

const layout = (content_type: LayoutOptions['content_type'], right = true): PageFacts['layout'] => ({
  content_type,
  left_column: true,
  right_column: right,
  livestream: right,
  sidebar_alignment: 'left',
});

const other = (name: string): PageFacts => ({
  navigation_name: name,
  sorting_name: '',
  is_content: false,
  subsiteRef: null,
  layout: layout('full', false),
});

const NAMED_PAGES = ['rating', 'companies', 'stats', 'search', 'live', 'bookmarks', 'notifications', 'drafts'];

/** The facts of a path (its query and hash ignored); `savedSorting` is the reader's default feed sorting. */
export function pageFacts(path: string, savedSorting: string | null): PageFacts {
  const clean = path.split(/[?#]/, 1)[0].replace(/\/+$/, '') || '/';
  const fr = feedRoute(clean);
  if (fr) {
    const sorting = fr.sorting ?? savedSorting ?? 'hotness';
    const nav = feedNavigationName(fr);
    return { navigation_name: nav, sorting_name: sorting, is_content: false, subsiteRef: null, layout: layout('feed') };
  }
  const parts = clean.split('/').filter(Boolean);
  const blog = (p: string) => ({ id: Number(p.split('-', 1)[0]) });
  if ((parts[0] === 'u' || parts[0] === 's') && parts.length >= 2 && parts.length <= 3) {
    const ref = parts[0] === 'u' ? blog(parts[1]) : { slug: parts[1] };
    if ('id' in ref && !Number.isSafeInteger(ref.id)) return other('page');
    // A subsite's own pages beside its entries (settings, cabinet) are full-width pages of that subsite.
    if (parts.length === 3 && !/^\d/.test(parts[2])) return { ...other('page'), subsiteRef: ref };
    if (parts.length === 3)
      return { navigation_name: 'entry', sorting_name: '', is_content: true, subsiteRef: ref, layout: layout('entry') };
    return {
      navigation_name: 'subsite',
      sorting_name: 'hotness',
      is_content: false,
      subsiteRef: ref,
      layout: layout('feed'),
    };
  }
  if (parts[0] === 'tag' && parts.length === 2) return { ...other('tag'), sorting_name: 'hotness' };
  if (NAMED_PAGES.includes(parts[0])) return other(parts[0]);
  return other('page');
}
