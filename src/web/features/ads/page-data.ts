import type { PageData } from '../../../shared/analytics.ts';
import type { Entry } from '../../../shared/entries.ts';
import { hashtagsOf } from '../../../shared/hashtags.ts';

/** An entry page's data for analytics (spec/content.md §3): its author, tags, counters, whether it is advertising. */
export function entryPageData(entry: Entry): PageData {
  const words = entry.blocks
    .map((b) => (b.type === 'text' ? b.data.text : ''))
    .join(' ')
    .replace(/<[^>]*>/g, ' ');
  return {
    author_name: entry.author.name,
    author_type: entry.subsite.type,
    tags: hashtagsOf(words).slice(0, 20),
    comments: entry.counters.comments,
    likes: entry.likes.count,
    favorites: entry.counters.favorites,
    is_advertisement: false,
    navigation_name: 'entry',
  };
}
