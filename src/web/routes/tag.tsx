import { useEffect, useState } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/tag';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { isFeedSorting, TOP_PERIODS, type FeedSorting } from '../../shared/feed.ts';
import { hashtagUrl } from '../../shared/hashtags.ts';
import { pluralize } from '../../shared/format.ts';
import { useCurrentUser } from '../features/auth/session.ts';
import { FeedList } from '../features/feed/FeedList.tsx';
import { FeedTabs } from '../features/feed/FeedTabs.tsx';
import { MuteHashtagButton } from '../features/discovery/MuteHashtagButton.tsx';
import { sharingMeta, siteImage } from '../lib/sharing.ts';

const t = ui.discovery.hashtags;

/** `/tag/{name}`: the entries with a hashtag, in the feed's sortings, with the reader's mute and the tag's RSS. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const tag = await services.discovery.hashtag(params.name ?? '');
  if (!tag) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get('sorting');
  const sorting: FeedSorting = isFeedSorting(asked) ? asked : 'hotness';
  const page = await services.feed.page({ scope: 'all', hashtag: tag.name, sorting });
  return { tag, sorting, page, now: Date.now(), canonical: publicUrl + tag.url, publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${ui.errors.notFoundTitle} — ${ui.siteName}` }];
  const { tag, canonical, publicUrl } = loaderData;
  const title = `#${tag.name} — ${ui.siteName}`;
  const description = `#${tag.name}: ${pluralize(tag.count, ['запись', 'записи', 'записей'])}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: `${tag.url}/rss` },
    ...sharingMeta({ type: 'website', title, description, url: canonical, image: siteImage(publicUrl) }),
  ];
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, sorting, page, now } = loaderData;
  const user = useCurrentUser();
  const [muted, setMuted] = useState(tag.is_muted);
  useEffect(() => setMuted(tag.is_muted), [tag.is_muted]);
  const base = hashtagUrl(tag.name);
  const hrefFor = (s: FeedSorting) => (s === 'hotness' ? base : `${base}?sorting=${s}`);
  const key = `tag:${tag.name}:${sorting}`;
  return (
    <div className="feed-page" data-testid="tag-page" data-tag={tag.name} data-sorting={sorting}>
      <header className="disc-card">
        <div className="disc-head">
          <div>
            <h1 className="disc-title">{t.title(tag.name)}</h1>
            <p className="disc-lead">{t.entries(tag.count)}</p>
          </div>
          <div className="disc-actions">
            <a href={`${base}/rss`} className="disc-rss" title={t.rss}>
              RSS
            </a>
            <MuteHashtagButton key={`${tag.name}:${user?.id ?? 0}`} name={tag.name} muted={muted} onChange={setMuted} />
          </div>
        </div>
        {muted && (
          <p className="disc-notice" data-testid="hashtag-muted-note">
            {t.mutedNotice}
          </p>
        )}
      </header>
      <FeedTabs current={sorting} hrefFor={hrefFor} periods={TOP_PERIODS} />
      <FeedList
        key={key}
        initial={page}
        query={{ hashtag: tag.name, sorting }}
        storageKey={key}
        now={now}
        emptyText={t.empty}
        // The site's ads draw a unit here once awake (features/ads/AdsRoot.tsx).
        slot={<div data-ad-place="feed" data-section="tag" />}
      />
    </div>
  );
}
