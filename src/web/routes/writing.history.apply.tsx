import { data } from 'react-router';
import type { Route } from './+types/writing.history.apply';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { ApplyScreen } from '../features/history/ApplyScreen.tsx';
import { routeId } from '../lib/route-id.ts';

/** `/writing/{id}/history/{historyId}`: the apply screen, opened in a separate window by the history screen. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const id = routeId(params.id);
  const historyId = routeId(params.historyId);
  if (id === null || historyId === null) throw data(null, { status: 404 });
  const found = await services.history.version(id, historyId);
  if (found.status !== 200) throw data(null, { status: found.status });
  return { entry: found.entry, version: found.version, now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.history.versionTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function WritingHistoryApply({ loaderData }: Route.ComponentProps) {
  return (
    <ApplyScreen
      key={loaderData.version.id}
      entry={loaderData.entry}
      version={loaderData.version}
      now={loaderData.now}
    />
  );
}
