import { data } from 'react-router';
import type { Route } from './+types/stats.entry';
import { appContext } from '../context.ts';
import { siteName } from '../../shared/catalogue/site.ts';
import { distributionsUi } from '../../shared/catalogue/distributions.ts';
import { EntryReadingView } from '../features/ads/EntryReading.tsx';

/** `/stats/entry/{id}`: an entry's reading over 30 days with charts (issue 30 point 4); its author, managers, staff. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data(null, { status: 404 });
  const found = await context.get(appContext).services.distributions.entryReading(id);
  if (found.status !== 200) throw data(null, { status: found.status });
  return found.reading;
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: `${distributionsUi.reading.title}${d ? `: ${d.title}` : ''} — ${siteName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function EntryStatsPage({ loaderData }: Route.ComponentProps) {
  return <EntryReadingView reading={loaderData} />;
}
