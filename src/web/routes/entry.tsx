import { lazy, Suspense } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/entry';
import { appContext } from '../context.ts';
import { keptQuery } from '../features/entries/urls.ts';
import { entryImage, sharingMeta, siteImage } from '../lib/sharing.ts';
import { errorsUi, siteName } from '../../shared/catalogue/site.ts';
import { subsitesShownUi } from '../../shared/catalogue/shown.ts';
import { truncate } from '../../shared/format.ts';
import { EntryView } from '../features/entries/EntryView.tsx';
import { EntryFooter } from '../features/reactions/EntryFooter.tsx';
import { Comments } from '../features/comments/Comments.tsx';
import { useCurrentUser } from '../features/auth/session.ts';
import { useMisprintShortcut } from '../features/moderation/misprint-shortcut.ts';
import { entryPageData } from '../features/ads/page-data.ts';
import { BoosterLink } from '../features/ads/BoosterHost.tsx';

const MAX_ID = 2 ** 31 - 1;

// Moderation code: loaded for the entry's author and staff only, and it shows nothing until its reports arrive.
const EntryMisprints = lazy(() =>
  import('../features/moderation/Misprint.tsx').then((m) => ({ default: m.EntryMisprints })),
);
// A private community's stub instead of an entry: its header brings messenger and payment code, loaded only here.
const WhoReposted = lazy(() => import('../features/reposts/WhoReposted.tsx'));
const ClosedEntry = lazy(() => import('../features/subsites/ClosedEntry.tsx'));

/** `/u/{user}/{id}-{slug}` and `/s/{slug}/{id}-{slug}`: any other spelling of the same entry redirects to its canonical address. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, publicUrl, mediaBaseUrl } = context.get(appContext);
  const id = Number(/^(\d{1,10})/.exec(params.entry)?.[1] ?? 0);
  if (!id || id > MAX_ID) throw data(null, { status: 404 });
  // `?access=` is the secret link's key: it opens a draft its author shared (the service checks it).
  const access = new URL(request.url).searchParams.get('access') ?? undefined;
  const entry = await services.entries.entry(id, access && /^[0-9a-f]{32}$/.test(access) ? { access } : undefined);
  if (!entry) {
    // A private community's entry: a stub with the community and its join button, nothing of the entry.
    const closedIn = await services.entries.closedIn(id);
    const subsite = closedIn === null ? null : await services.feed.subsite({ id: closedIn });
    if (!subsite) throw data(null, { status: 404 });
    return { kind: 'closed' as const, subsite, now: Date.now() };
  }
  // Compared through the params: the request URL of a client navigation ends in `.data`.
  const asked = params.user !== undefined ? `/u/${params.user}/${params.entry}` : `/s/${params.slug}/${params.entry}`;
  if (asked !== entry.url) throw redirect(entry.url + keptQuery(request), 301);
  // The first page of the discussion; a `?comment=` link brings that comment's thread onto it.
  const linked = Number(new URL(request.url).searchParams.get('comment'));
  const comment = Number.isInteger(linked) && linked > 0 && linked <= MAX_ID ? linked : undefined;
  const comments =
    entry.is_published && !entry.removed ? await services.comments.page(entry.id, { comment }) : undefined;
  const image = entryImage(entry, publicUrl, mediaBaseUrl) ?? siteImage(publicUrl);
  // The subsite's feed, offered to feed readers (only entries approved for public RSS appear in it). The page data for
  // analytics is made here, so its code stays on the server.
  return {
    kind: 'entry' as const,
    entry,
    comments,
    now: Date.now(),
    canonical: publicUrl + entry.url,
    image,
    rss: `/rss/${entry.subsite.id}`,
    pageData: JSON.stringify(entryPageData(entry)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${errorsUi.notFoundTitle} — ${siteName}` }];
  if (loaderData.kind === 'closed')
    return [
      { title: `${subsitesShownUi.privateTitle}: ${loaderData.subsite.name} — ${siteName}` },
      { name: 'robots', content: 'noindex' },
    ];
  const { entry, canonical, image, rss } = loaderData;
  const title = entry.title || truncate(entry.intro, 80) || siteName;
  const description = truncate(entry.intro, 300);
  return [
    { title: `${title} — ${siteName}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: entry.subsite.name, href: rss },
    ...sharingMeta({ type: 'article', title, description, url: canonical, image }),
    { property: 'article:published_time', content: entry.date },
    { property: 'article:author', content: entry.author.name },
    // Drafts are seen by their author only; search engines should not keep them.
    ...(entry.is_published ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
}

export default function EntryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'closed')
    return (
      <Suspense>
        <ClosedEntry subsite={loaderData.subsite} now={loaderData.now} />
      </Suspense>
    );
  return <EntryContent data={loaderData} />;
}

function EntryContent({ data: loaderData }: { data: Extract<Route.ComponentProps['loaderData'], { kind: 'entry' }> }) {
  const { entry, now } = loaderData;
  const me = useCurrentUser();
  // Ctrl+Enter on a selection in the entry opens the misprint report; its author and staff see the reports.
  useMisprintShortcut(entry.id, '[data-testid="entry"]');
  return (
    <div className="entry-wrap">
      <EntryView
        key={entry.id}
        entry={entry}
        now={now}
        footer={<EntryFooter entry={entry} countView={entry.is_published} />}
      />
      {/* The site's ads draw a unit here once awake (features/ads/AdsRoot.tsx); the entry's id is in the address. */}
      {/* The entry's page data for analytics rides on the ad place, which holds no unit when the entry turns ads off. */}
      <div {...(entry.is_enabled_ad ? { 'data-ad-place': 'entry' } : {})} data-page-data={loaderData.pageData} />
      {entry.counters.reposts > 0 && (
        <Suspense>
          <WhoReposted key={`r${entry.id}`} entryId={entry.id} />
        </Suspense>
      )}
      {me && me.id === entry.author.id && entry.is_published && <BoosterLink entryId={entry.id} />}
      {me && (me.id === entry.author.id || me.is_staff) && (
        <Suspense>
          <EntryMisprints key={`m${entry.id}`} entryId={entry.id} />
        </Suspense>
      )}
      <Comments key={`c${entry.id}`} entry={entry} initial={loaderData.comments} />
    </div>
  );
}
