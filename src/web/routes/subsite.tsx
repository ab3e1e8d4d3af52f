import { data, redirect } from 'react-router';
import type { Route } from './+types/subsite';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { FEED_SERVER_CARDS, isFeedSorting, TOP_PERIODS, type FeedSorting } from '../../shared/feed.ts';
import { truncate } from '../../shared/format.ts';
import { FeedList } from '../features/feed/FeedList.tsx';
import { FeedTabs } from '../features/feed/FeedTabs.tsx';
import { keptQuery } from '../features/entries/urls.ts';
import { SubsiteHeader } from '../features/subsites/SubsiteHeader.tsx';
import { PrivateStub } from '../features/subsites/PrivateStub.tsx';
import { ChangeRoleButton } from '../features/moderation/ChangeRole.tsx';
import { ProfileModeration } from '../features/moderation/ProfileModeration.tsx';
import { CommunityApprovalQueue } from '../features/moderation/ReviewQueue.tsx';
import { HashtagChips } from '../features/discovery/HashtagChips.tsx';
import { SUBSITE_VACANCIES, SubsiteVacancies } from '../features/vacancies/SubsiteVacancies.tsx';
import { SubsiteEvents } from '../features/events/SubsiteEvents.tsx';
import {
  CompanyAbout,
  CompanyEmpty,
  CompanySidebar,
  CompanyTabs,
  CompanyTeam,
  companyTab,
} from '../features/discovery/Company.tsx';
import { sharingMeta, siteImage } from '../lib/sharing.ts';

const MAX_ID = 2 ** 31 - 1;

const t = ui.feedSection;

/**
 * `/u/{id}-{slug}` (a person's blog) and `/s/{slug}` (a community or company): the header and the subsite's
 * own feed, sorted by `?sorting=`. Any other spelling of a blog's address answers 301 to the canonical one.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { user, services, publicUrl } = context.get(appContext);
  const url = new URL(request.url);
  let subsite;
  if (params.user !== undefined) {
    const id = Number(/^(\d{1,10})(?:-|$)/.exec(params.user)?.[1] ?? 0);
    if (!id || id > MAX_ID) throw data(null, { status: 404 });
    subsite = await services.feed.subsite({ id });
    // Compared through the params: the request URL of a client navigation ends in `.data`.
    if (subsite && `/u/${params.user}` !== subsite.url) throw redirect(subsite.url + keptQuery(request), 301);
  } else {
    subsite = await services.feed.subsite({ slug: params.slug ?? '' });
  }
  if (!subsite) throw data(null, { status: 404 });
  const asked = url.searchParams.get('sorting');
  const sorting: FeedSorting = isFeedSorting(asked) ? asked : 'hotness';
  const isCompany = subsite.type === 'company';
  // A company blog's tabs (issue 32): the vacancies and events tabs show them all, the entries tab the feed.
  const tab = isCompany ? companyTab(url.searchParams.get('tab')) : 'entries';
  // A private community the reader does not read shows a stub instead of its feed (issue 32, point 4).
  const closed = !subsite.can_read;
  const [page, hashtags, vacancies, events, company] = await Promise.all([
    tab === 'entries' && !closed ? services.feed.page({ scope: 'all', subsiteId: subsite.id, sorting }) : null,
    closed ? [] : services.discovery.subsiteHashtags(subsite),
    services.vacancies.list({ subsite_id: subsite.id }),
    services.events.list({ subsite_id: subsite.id }),
    isCompany ? services.discovery.company(subsite.id) : null,
  ]);
  const shown = isCompany && tab !== 'entries' ? undefined : SUBSITE_VACANCIES;
  return {
    subsite,
    sorting,
    tab,
    company,
    page,
    hashtags,
    vacancies: vacancies.items.slice(0, shown),
    events: events.items.slice(0, shown),
    now: Date.now(),
    canonical: publicUrl + subsite.url,
    publicUrl,
    serverCards: user ? FEED_SERVER_CARDS : null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${ui.errors.notFoundTitle} — ${ui.siteName}` }];
  const { subsite, canonical, publicUrl } = loaderData;
  const description = truncate(subsite.description || `${t.subsiteTypes[subsite.type]} ${subsite.name}`, 300);
  const avatar = subsite.avatar_url
    ? subsite.avatar_url.startsWith('/')
      ? publicUrl + subsite.avatar_url
      : subsite.avatar_url
    : null;
  return [
    { title: `${subsite.name} — ${ui.siteName}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: subsite.name, href: `/rss/${subsite.id}` },
    ...sharingMeta({
      type: subsite.type === 'user' ? 'profile' : 'website',
      title: subsite.name,
      description,
      url: canonical,
      // An avatar is square: a small preview; without one the site's picture.
      image: avatar ? { url: avatar, alt: subsite.name } : siteImage(publicUrl),
      small: !!avatar,
    }),
  ];
}

export default function SubsitePage({ loaderData }: Route.ComponentProps) {
  const { subsite, sorting, tab, company, page, hashtags, vacancies, events, now, serverCards } = loaderData;
  const hrefFor = (s: FeedSorting) => (s === 'hotness' ? subsite.url : `${subsite.url}?sorting=${s}`);
  const key = `subsite:${subsite.id}:${sorting}`;
  const boards = (
    <div className="subsite-boards">
      <SubsiteVacancies subsite={subsite} items={vacancies} now={now} />
      <SubsiteEvents subsiteId={subsite.id} items={events} now={now} />
    </div>
  );
  const entries = page && (
    <>
      <HashtagChips items={hashtags} title={ui.discovery.hashtags.subsiteTitle} />
      <FeedTabs current={sorting} hrefFor={hrefFor} periods={TOP_PERIODS} />
      <FeedList
        key={key}
        initial={page}
        query={{ subsite_id: subsite.id, sorting }}
        storageKey={key}
        now={now}
        emptyText={sorting === 'hotness' || sorting === 'date' ? t.empty : t.emptyTop}
        serverCards={serverCards}
        // The site's ads draw a unit here once awake (features/ads/AdsRoot.tsx).
        slot={<div data-ad-place="feed" data-section="subsite" data-subsite={subsite.id} />}
      />
    </>
  );
  if (company) {
    const c = ui.discovery.company;
    return (
      <div className="company-page" data-testid="subsite-page" data-sorting={sorting} data-tab={tab}>
        <SubsiteHeader subsite={subsite} now={now} />
        <div className="company-page__side">
          <CompanySidebar details={company.details} cabinetUrl={subsite.can_manage ? `${subsite.url}/cabinet` : null} />
        </div>
        <div className="company-page__main">
          <CompanyTabs url={subsite.url} current={tab} />
          {tab === 'entries' && entries}
          {tab === 'about' && <CompanyAbout description={subsite.description} details={company.details} />}
          {tab === 'vacancies' &&
            (vacancies.length ? (
              <SubsiteVacancies subsite={subsite} items={vacancies} now={now} />
            ) : (
              <CompanyEmpty text={c.vacanciesEmpty} />
            ))}
          {tab === 'events' &&
            (events.length ? (
              <SubsiteEvents subsiteId={subsite.id} items={events} now={now} />
            ) : (
              <CompanyEmpty text={c.eventsEmpty} />
            ))}
          {tab === 'team' && <CompanyTeam items={company.team} />}
        </div>
      </div>
    );
  }
  return (
    <div className="feed-page" data-testid="subsite-page" data-sorting={sorting}>
      <SubsiteHeader subsite={subsite} now={now} />
      {subsite.type === 'user' && <ProfileModeration person={subsite} />}
      {subsite.type === 'user' && <ChangeRoleButton person={subsite} />}
      {subsite.type === 'community' && subsite.can_read && <CommunityApprovalQueue subsiteId={subsite.id} />}
      {subsite.can_read ? (
        <>
          {boards}
          {entries}
        </>
      ) : (
        <PrivateStub subsite={subsite} />
      )}
    </div>
  );
}
