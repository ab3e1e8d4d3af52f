import { useEffect, useRef, useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/bookmarks';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { EntryCard as Card } from '../../shared/entries.ts';
import type { BookmarkedComment, BookmarksPage } from '../../shared/reactions.ts';
import { relativeTime, truncate, typograph } from '../../shared/format.ts';
import type { list } from '../../shared/api/bookmarks.ts';
import { call } from '../api/call.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { EntryCard } from '../features/entries/EntryCard.tsx';
import { BookmarkButton } from '../features/reactions/BookmarkButton.tsx';
import { CommentVotes } from '../features/reactions/CommentVotes.tsx';
import { MobileFeedNav } from '../features/feed/FeedTabs.tsx';

type Tab = 'entries' | 'comments';
type Page = { tab: 'entries'; page: BookmarksPage<Card> } | { tab: 'comments'; page: BookmarksPage<BookmarkedComment> };

/** `/bookmarks` and `/bookmarks?tab=comments`: the reader's bookmarks; an anonymous visitor gets the 401 page and the sign-in popup. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  const tab: Tab = new URL(request.url).searchParams.get('tab') === 'comments' ? 'comments' : 'entries';
  const page: Page =
    tab === 'comments'
      ? { tab, page: await services.reactions.bookmarkedComments() }
      : { tab, page: await services.reactions.bookmarkedEntries() };
  return { ...page, now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.reactions.bookmarksTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

function BookmarkedCommentCard({ comment, now }: { comment: BookmarkedComment; now: number }) {
  return (
    <article className="bookmarked-comment" data-testid="bookmarked-comment" data-id={comment.id}>
      <header className="bookmarked-comment__head">
        <Link to={comment.author.url}>
          <Avatar
            name={comment.author.name}
            color={comment.author.avatar_color}
            url={comment.author.avatar_url}
            size={28}
          />
        </Link>
        <Link to={comment.author.url} className="bookmarked-comment__author">
          {comment.author.name}
        </Link>
        <time dateTime={comment.date}>{relativeTime(comment.date, now)}</time>
      </header>
      <Link to={comment.url} className="bookmarked-comment__text">
        {truncate(comment.text, 600)}
      </Link>
      <footer className="bookmarked-comment__foot">
        <Link to={comment.url} className="bookmarked-comment__entry" data-testid="bookmarked-comment-entry">
          {ui.reactions.inEntry} «{typograph(comment.entry.title)}»
        </Link>
        <div className="bookmarked-comment__actions">
          <CommentVotes comment={comment} />
          <BookmarkButton type="comment" id={comment.id} favorited />
        </div>
      </footer>
    </article>
  );
}

/** The rest of a list: "show more", pressed by itself when the end comes within two screens. */
function useMore<T>(tab: Tab, first: BookmarksPage<T>) {
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  async function more() {
    if (loading || cursor.is_finished || cursor.last_id === null) return;
    setLoading(true);
    const result = await call<typeof list>('GET /bookmarks', {
      type: tab === 'comments' ? 'comment' : 'content',
      last_id: cursor.last_id,
      last_sorting_value: cursor.last_sorting_value ?? undefined,
    });
    setLoading(false);
    if (!result.ok) return;
    // The `type` asked decides the items' kind: this list's own.
    const page = result.data as BookmarksPage<T>;
    setItems((prev) => [...prev, ...page.items]);
    setCursor(page);
  }

  useEffect(() => {
    const el = sentinel.current;
    if (!el || cursor.is_finished) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && more(), {
      rootMargin: '200% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  return { items, more, loading, finished: cursor.is_finished, sentinel };
}

function List<T extends { id: number }>({
  tab,
  first,
  render,
  empty,
}: {
  tab: Tab;
  first: BookmarksPage<T>;
  render(item: T): React.ReactNode;
  empty: string;
}) {
  const { items, more, loading, finished, sentinel } = useMore(tab, first);
  if (!items.length)
    return (
      <p className="bookmarks__empty" data-testid="bookmarks-empty">
        {empty}
      </p>
    );
  return (
    <>
      {items.map(render)}
      {!finished && (
        <div ref={sentinel} className="bookmarks__more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={more}
            disabled={loading}
            data-testid="bookmarks-more"
          >
            {ui.reactions.loadMore}
          </button>
        </div>
      )}
    </>
  );
}

export default function Bookmarks({ loaderData }: Route.ComponentProps) {
  const { now } = loaderData;
  const tabs: [Tab, string, string][] = [
    ['entries', ui.reactions.tabEntries, '/bookmarks'],
    ['comments', ui.reactions.tabComments, '/bookmarks?tab=comments'],
  ];
  return (
    <div className="bookmarks" data-testid="bookmarks" data-tab={loaderData.tab}>
      <MobileFeedNav current="bookmarks" signedIn />
      <h1 className="bookmarks__title">{ui.reactions.bookmarksTitle}</h1>
      <nav className="bookmarks__tabs" aria-label={ui.reactions.tabsLabel}>
        {tabs.map(([tab, label, to]) => (
          <Link
            key={tab}
            to={to}
            className={`bookmarks__tab${loaderData.tab === tab ? ' is-active' : ''}`}
            data-testid={`bookmarks-tab-${tab}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {loaderData.tab === 'comments' ? (
        <List
          key="comments"
          tab="comments"
          first={loaderData.page}
          empty={ui.reactions.emptyComments}
          render={(c) => <BookmarkedCommentCard key={c.id} comment={c} now={now} />}
        />
      ) : (
        <List
          key="entries"
          tab="entries"
          first={loaderData.page}
          empty={ui.reactions.emptyEntries}
          render={(e) => <EntryCard key={e.id} entry={e} now={now} />}
        />
      )}
    </div>
  );
}
