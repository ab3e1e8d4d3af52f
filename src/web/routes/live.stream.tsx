import { data } from 'react-router';
import type { Route } from './+types/live.stream';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StreamSettings } from '../features/livestreams/StreamSettings.tsx';
import '../features/accounts/accounts.css';
import '../features/livestreams/settings.css';

/**
 * `/live/stream?subsite={id}`: the live stream settings page (spec/content.md §2) of a subsite, for its owner, admins
 * and staff; without `subsite`, the whole site's stream, for staff.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const raw = new URL(request.url).searchParams.get('subsite');
  const subsiteId = raw === null || raw === '' ? null : /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (subsiteId === 0) throw data(null, { status: 404 });
  const found = await services.livestreams.settings(subsiteId);
  if (found.status !== 200) throw data(null, { status: found.status });
  return { settings: found.settings };
}

export function meta() {
  return [{ title: `${ui.livestreams.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function StreamSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return <StreamSettings key={settings.subsite?.id ?? 0} initial={settings} />;
}
