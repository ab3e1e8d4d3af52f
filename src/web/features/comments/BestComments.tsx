import { Link } from 'react-router';
import { LazyGifVideo } from './LazyGifVideo.tsx';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import type { Comment } from '../../../shared/comments.ts';
import { formatNumber } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';

/**
 * The best comments above the discussion (`is_enabled_best_comments`): the first page's `best`, each with its author,
 * its rating and its text, and the way to the comment in its thread (`?comment=`).
 */
export function BestComments({ items, entryUrl }: { items: Comment[]; entryUrl: string }) {
  if (!items.length) return null;
  return (
    <section className="comments-best" aria-labelledby="comments-best-title" data-testid="comments-best">
      <h3 id="comments-best-title" className="comments-best__title">
        {commentsUi.best}
      </h3>
      <ol className="comments-best__list">
        {items.flatMap((c) =>
          !c.author ? (
            []
          ) : (
            <li key={c.id} className="comments-best__item" data-id={c.id}>
              <span className="comments-best__author">
                <Avatar name={c.author.name} color={c.author.avatar_color} url={c.author.avatar_url} size={20} />
                <Link to={c.author.url}>{c.author.name}</Link>
                <span className="comments-best__rating">+{formatNumber(c.likes.summ)}</span>
              </span>
              <div className="comments-best__text" dangerouslySetInnerHTML={{ __html: c.text }} />
              {c.attaches.map((a) => (
                <div className="comment__gif" key={a.data.uuid}>
                  <LazyGifVideo gif={a.data} />
                </div>
              ))}
              <Link to={`${entryUrl}?comment=${c.id}#comment-${c.id}`} className="comments-best__open">
                {commentsUi.bestOpen}
              </Link>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
