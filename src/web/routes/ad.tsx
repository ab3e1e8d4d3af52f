import type { Route } from './+types/ad';
import { appContext } from '../context.ts';
import { siteName } from '../../shared/catalogue/site.ts';
import { distributionsUi } from '../../shared/catalogue/distributions.ts';
import { AdPage } from '../features/ads/AdPage.tsx';

/** `/ad`: the page for advertisers: formats, staff's prices, the request form (issue 30). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { prices: await services.distributions.prices() };
}

export function meta() {
  return [
    { title: `${distributionsUi.page.title} — ${siteName}` },
    { name: 'description', content: distributionsUi.page.lead },
  ];
}

export default function Ad({ loaderData }: Route.ComponentProps) {
  return <AdPage prices={loaderData.prices} />;
}
