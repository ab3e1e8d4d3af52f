import { feedUi } from '../../../shared/catalogue/feed.ts';
import { PageLink } from '../../ui/PageLink.tsx';

/**
 * The mobile feed navigation (spec/foundation.md §1's "mobile feed navigation"): on a phone and in the mobile version
 * the sidebar is a drawer behind the menu button, so the feeds a reader switches between show as a strip over the feed
 * instead — the main page, the reader's own feed, every subsite's, the bookmarks (signed in). feed.css shows it at
 * mobile widths (`--mobile`) and in the mobile layout only; it is markup the feed pages draw anyway, no script of its own.
 */
export function MobileFeedNav({ current, signedIn }: { current: 'main' | 'my' | 'all' | 'bookmarks'; signedIn: boolean }) {
  const links = [
    ['main', '/', feedUi.scopeMain],
    ['my', '/my/new', feedUi.my],
    ['all', '/all', feedUi.scopeAll],
    ...(signedIn ? [['bookmarks', '/bookmarks', feedUi.bookmarks] as const] : []),
  ] as const;
  return (
    <nav className="mobile-feed-nav" aria-label={feedUi.feedsLabel} data-testid="mobile-feed-nav">
      {links.map(([key, to, label]) => (
        <PageLink
          key={key}
          to={to}
          className="mobile-feed-nav__link"
          aria-current={key === current ? 'page' : undefined}
        >
          {label}
        </PageLink>
      ))}
    </nav>
  );
}
