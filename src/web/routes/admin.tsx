import { data } from 'react-router';
import type { Route } from './+types/admin';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { ADMIN_TABS, type AdminTab } from '../../shared/pages/moderation.ts';
import { routeId } from '../lib/route-id.ts';
import { AdminPanel } from '../features/moderation/AdminPanel.tsx';

/** `/admin?tab=queues|users|bans|audit&query=…&user={id}`: the staff panel; others meet 401/403 like the API. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab') ?? 'queues';
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(asked) ? (asked as AdminTab) : 'queues';
  const found = await services.moderation.panel({
    tab,
    query: url.searchParams.get('query') ?? '',
    userId: routeId(url.searchParams.get('user') ?? ''),
  });
  if (found.status !== 200) throw data(null, { status: found.status });
  const { status: _status, ...panel } = found;
  return { panel, now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.moderation.panelTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminPanel data={loaderData.panel} now={loaderData.now} />;
}
