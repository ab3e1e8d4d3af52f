import { data } from 'react-router';
import type { Route } from './+types/writing.history';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { HistoryScreen } from '../features/history/HistoryScreen.tsx';
import { routeId } from '../lib/route-id.ts';

/** `/writing/{id}/history`: the entry's versions for its author and staff; others meet 401/403/404 like the API. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const id = routeId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const found = await services.history.history(id);
  if (found.status !== 200) throw data(null, { status: found.status });
  return { entry: found.entry, history: found.history, now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.history.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function WritingHistory({ loaderData }: Route.ComponentProps) {
  return (
    <HistoryScreen
      key={loaderData.entry.id}
      entry={loaderData.entry}
      history={loaderData.history}
      now={loaderData.now}
    />
  );
}
