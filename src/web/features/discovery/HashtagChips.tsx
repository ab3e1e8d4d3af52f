import { Link } from 'react-router';
import type { HashtagItem } from '../../../shared/hashtags.ts';
import { formatNumber } from '../../../shared/format.ts';

/** The subsite hashtag list (spec/content.md §3): its tags, the most used first, each a link to the tag's feed. */
export function HashtagChips({ items, title }: { items: HashtagItem[]; title: string }) {
  if (!items.length) return null;
  return (
    <section className="disc-card" data-testid="subsite-hashtags" aria-label={title}>
      <ul className="hashtag-chips">
        {items.map((h) => (
          <li key={h.name}>
            <Link to={h.url} className="hashtag-chip">
              #{h.name}
              <small>{formatNumber(h.count)}</small>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
