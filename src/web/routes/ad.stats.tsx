import { data } from 'react-router';
import type { Route } from './+types/ad.stats';
import { appContext } from '../context.ts';
import { siteName } from '../../shared/catalogue/site.ts';
import { distributionsUi } from '../../shared/catalogue/distributions.ts';
import { AdReport } from '../features/ads/AdReport.tsx';

/** `/ad/stats`: the ads' report, staff's campaigns or an author's boosters (issue 30 point 4). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  return services.distributions.report();
}

export function meta() {
  return [{ title: `${distributionsUi.report.title} — ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdStats({ loaderData }: Route.ComponentProps) {
  return <AdReport items={loaderData.items} />;
}
