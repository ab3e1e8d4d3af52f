import { data } from 'react-router';
import type { Route } from './+types/admin.ads';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StaffAds } from '../features/ads/StaffAds.tsx';

/** `/admin/ads`: staff's ad campaigns, their prices and the advertisers' requests (issue 30). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { ...(await services.distributions.staff()), now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.distributions.staff.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminAds({ loaderData }: Route.ComponentProps) {
  return <StaffAds {...loaderData} />;
}
