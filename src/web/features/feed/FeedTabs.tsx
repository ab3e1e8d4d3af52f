import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { feedUi } from '../../../shared/catalogue/feed.ts';
import type { FeedSorting } from '../../../shared/feed.ts';
import type { saveDefaultSorting } from '../../../shared/api/subsites.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { PageLink } from '../../ui/PageLink.tsx';

const t = feedUi;
const isTop = (s: FeedSorting) => s !== 'hotness' && s !== 'date';

/** Sorting tabs: popular, fresh, top with its periods in a second row; links, so every sorting has its address. */
export function FeedTabs({
  current,
  hrefFor,
  periods,
  aside,
}: {
  current: FeedSorting;
  hrefFor(sorting: FeedSorting): string;
  periods: readonly FeedSorting[];
  aside?: ReactNode;
}) {
  const tab = (sorting: FeedSorting, label: string, active: boolean) => (
    <Link
      to={hrefFor(sorting)}
      className={`feed-tab${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-testid="feed-tab"
      data-sorting={sorting}
      preventScrollReset
    >
      {label}
    </Link>
  );
  return (
    <nav className="feed-tabs" data-testid="feed-tabs" aria-label={t.sortingsLabel}>
      <div className="feed-tabs-row">
        <div className="feed-tabs-main">
          {tab('hotness', t.sortings.hotness, current === 'hotness')}
          {tab('date', t.sortings.date, current === 'date')}
          {tab(isTop(current) ? current : periods[0], t.top, isTop(current))}
        </div>
        {aside && <div className="feed-tabs-aside">{aside}</div>}
      </div>
      {isTop(current) && (
        <div className="feed-tabs-periods">
          {periods.map((p) => (
            <Link
              key={p}
              to={hrefFor(p)}
              className={`feed-period${p === current ? ' is-active' : ''}`}
              data-testid="feed-period"
              data-sorting={p}
              preventScrollReset
            >
              {t.sortings[p]}
            </Link>
          ))}
        </div>
      )}
    </nav>
  );
}

/**
 * Saves the sorting the main page `/` opens with (signed-in readers; the server keeps it in the reader's subsites
 * settings): the tab `/` opens with shows a plain mark, any other offers to become it.
 */
export function SaveDefaultSorting({ sorting, saved }: { sorting: FeedSorting; saved: FeedSorting | null }) {
  const [current, setCurrent] = useState(saved ?? 'hotness');
  const [busy, setBusy] = useState(false);
  if (current === sorting)
    return (
      <span className="feed-default is-default" data-testid="feed-default">
        {t.isDefault}
      </span>
    );
  async function save() {
    setBusy(true);
    const result = await call<typeof saveDefaultSorting>('POST /subsite/save_default_sorting_for_feed/:type', {
      type: sorting,
    });
    setBusy(false);
    if (!result.ok) return;
    setCurrent(result.data.sorting);
    toast.show(result.rm, { type: 'success' });
  }
  return (
    <button type="button" className="link feed-default" onClick={save} disabled={busy} data-testid="feed-save-default">
      {t.saveDefault}
    </button>
  );
}

/**
 * The mobile feed navigation (spec/foundation.md §1's "mobile feed navigation"): on a phone and in the mobile version
 * the sidebar is a drawer behind the menu button, so the feeds a reader switches between show as a strip over the feed
 * instead: the main page, the reader's own feed, the bookmarks (signed in); every subsite's feed stays the sorting tabs'
 * switch. feed.css shows it at mobile widths (`--mobile`) and in the mobile layout only. It lives with the tabs: one
 * script for both, no chunk of its own on the phone's first visit.
 */
export function MobileFeedNav({
  current,
  signedIn,
}: {
  current: 'main' | 'my' | 'all' | 'bookmarks';
  signedIn: boolean;
}) {
  const links = [
    ['main', '/', feedUi.scopeMain],
    ['my', '/my/new', feedUi.my],
    ...(signedIn ? [['bookmarks', '/bookmarks', feedUi.bookmarks] as const] : []),
  ] as const;
  return (
    <nav className="mobile-feed-nav" aria-label={feedUi.feedsLabel}>
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
