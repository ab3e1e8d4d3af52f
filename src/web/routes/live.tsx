import type { Route } from './+types/live';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { LiveFeed } from '../features/live/LiveFeed.tsx';
import { sharingMeta, siteImage } from '../lib/sharing.ts';

/** The newest items come with the page, so the list is there at first paint; the socket adds the rest. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  return { items: await services.realtime.live(), now: Date.now(), canonical: `${publicUrl}/live`, publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = `${ui.realtime.liveTitle} — ${ui.siteName}`;
  const description = ui.realtime.liveDescription;
  if (!loaderData) return [{ title }];
  const { canonical, publicUrl } = loaderData;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: ui.siteName, href: '/rss' },
    ...sharingMeta({ type: 'website', title, description, url: canonical, image: siteImage(publicUrl) }),
  ];
}

/** `/live`: the live feed on a page of its own, for phones (on desktop it sits in the right column). */
export default function Page({ loaderData }: Route.ComponentProps) {
  return <LiveFeed variant="page" initial={loaderData.items} now={loaderData.now} />;
}
