import { data, Link } from 'react-router';
import type { Route } from './+types/feed';
import { appContext } from '../context.ts';
import { feedUi } from '../../shared/catalogue/feed.ts';
import { errorsUi, siteName, siteTagline } from '../../shared/catalogue/site.ts';
import {
  ALL_TOP_PERIODS,
  FEED_SERVER_CARDS,
  TOP_PERIODS,
  feedNavigationName,
  feedPath,
  feedRoute,
  type FeedRoute,
  type FeedSorting,
} from '../../shared/feed.ts';
import { openAuthPopup } from '../features/auth/open.ts';
import { useCurrentUser } from '../features/auth/session.ts';
import { FeedBanner } from '../features/billing/FeedBanner.tsx';
import { FeedList } from '../features/feed/FeedList.tsx';
import { FeedTabs, MobileFeedNav, SaveDefaultSorting } from '../features/feed/FeedTabs.tsx';
import { TuneButton } from '../features/discovery/TunePopup.tsx';
import { sharingMeta, siteImage } from '../lib/sharing.ts';

const t = feedUi;

/**
 * Every feed path of spec/content.md §2 (`/`, `/all`, `/popular`, `/new`, `/all/new`, `/my/new`, `/top/…`, `/all/top/…`):
 * the path says which feed; the first page is rendered on the server, the rest loads as the reader scrolls.
 */
export async function loader({ context, pattern, params }: Route.LoaderArgs) {
  const { user, services, publicUrl } = context.get(appContext);
  // From the matched pattern, not the request URL: a client navigation asks for `/new.data`.
  const path = `/${pattern.replace(/^\/+/, '').replace(':period', ('period' in params && params.period) || '')}`;
  const route = feedRoute(path);
  if (!route) throw data(null, { status: 404 });
  const now = Date.now();
  const canonical = publicUrl + (path === '/' ? '/' : path.replace(/\/+$/, ''));
  // `/my/new` for an anonymous visitor: an invitation to sign in instead of a feed.
  if (route.scope === 'my' && !user)
    return {
      route,
      sorting: 'date' as FeedSorting,
      page: null,
      saved: null,
      now,
      canonical,
      publicUrl,
      serverCards: null,
      banner: null,
    };
  const saved = user ? await services.feed.defaultSorting() : null;
  const sorting = route.sorting ?? saved ?? 'hotness';
  const [page, banner] = await Promise.all([
    services.feed.page({ scope: route.scope, sorting }),
    services.billing.feedBanner(),
  ]);
  return {
    route,
    sorting,
    page,
    saved,
    now,
    canonical,
    publicUrl,
    serverCards: user ? FEED_SERVER_CARDS : null,
    banner,
  };
}

function titleOf(route: FeedRoute, sorting: FeedSorting): string {
  if (route.scope === 'my') return t.pageTitles.my;
  if (sorting === 'hotness') return route.scope === 'all' ? t.pageTitles.all : t.pageTitles.main;
  if (sorting === 'date') return route.scope === 'all' ? t.pageTitles.allRecent : t.pageTitles.recent;
  return `${t.pageTitles.top}: ${t.sortings[sorting].toLowerCase()}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${errorsUi.notFoundTitle} — ${siteName}` }];
  const { route, sorting, canonical, publicUrl } = loaderData;
  const isFront = route.scope === 'main' && route.sorting === null;
  const title = isFront ? `${siteName} — ${siteTagline}` : `${titleOf(route, sorting)} — ${siteName}`;
  return [
    { title },
    { name: 'description', content: siteTagline },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: siteName, href: '/rss' },
    ...sharingMeta({
      type: 'website',
      title,
      description: siteTagline,
      url: canonical,
      image: siteImage(publicUrl),
    }),
    ...(route.scope === 'my' ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function FeedPage({ loaderData }: Route.ComponentProps) {
  const { route, sorting, page, saved, now, serverCards, banner } = loaderData;
  const user = useCurrentUser();

  if (!page) {
    return (
      <div className="feed-page" data-testid="feed">
        <MobileFeedNav current="my" signedIn={false} />
        <h1 className="feed-title">{t.my}</h1>
        <div className="feed-empty" data-testid="feed-empty">
          <p>{t.myAnonymous}</p>
          <button type="button" className="btn btn-primary" onClick={() => openAuthPopup('login')}>
            {t.signIn}
          </button>
        </div>
      </div>
    );
  }

  const scope = route.scope;
  // With another default saved, `/` is no longer the popular feed; /popular always is.
  const hrefFor = (s: FeedSorting) =>
    scope === 'main' && s === 'hotness' && saved && saved !== 'hotness' ? '/popular' : feedPath(scope, s);
  const emptyText = scope === 'my' ? t.emptyMy : sorting !== 'hotness' && sorting !== 'date' ? t.emptyTop : t.empty;
  const key = `${scope}:${sorting}`;
  return (
    <div className="feed-page" data-testid="feed" data-scope={scope} data-sorting={sorting}>
      <MobileFeedNav current={scope} signedIn={!!user} />
      {scope === 'my' ? (
        <div className="feed-title-row">
          <h1 className="feed-title">{t.my}</h1>
          <TuneButton />
        </div>
      ) : (
        <h1 className="visually-hidden">{titleOf(route, sorting)}</h1>
      )}
      {scope !== 'my' && (
        <FeedTabs
          current={sorting}
          hrefFor={hrefFor}
          periods={scope === 'all' ? ALL_TOP_PERIODS : TOP_PERIODS}
          aside={
            <>
              {scope === 'main' && user && <SaveDefaultSorting sorting={sorting} saved={saved} />}
              <Link
                to={feedPath(scope === 'all' ? 'main' : 'all', sorting)}
                className="feed-scope"
                data-testid="feed-scope"
              >
                {scope === 'all' ? t.scopeMain : t.scopeAll}
              </Link>
            </>
          }
        />
      )}
      <FeedList
        key={key}
        initial={page}
        query={{ sorting, ...(scope === 'all' ? { all: 1 } : scope === 'my' ? { my: 1 } : {}) }}
        storageKey={key}
        now={now}
        emptyText={emptyText}
        serverCards={serverCards}
        slot={
          <>
            {banner && <FeedBanner banner={banner} />}
            {/* The site's ads draw a unit here once awake (features/ads/AdsRoot.tsx). */}
            <div data-ad-place="feed" data-section={feedNavigationName(route)} />
          </>
        }
      />
    </div>
  );
}
