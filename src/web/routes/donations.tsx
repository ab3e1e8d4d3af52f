import { redirect } from 'react-router';
import type { Route } from './+types/donations';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { DonationsCabinet } from '../features/billing/DonationsCabinet.tsx';

/** `/donations`: the author's donations cabinet (issue 12); visitors go to the main page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const cabinet = await services.billing.cabinet();
  if (!cabinet) throw redirect('/');
  return { cabinet };
}

export const meta = () => [{ title: `${ui.billing.cabinet.title} — ${ui.siteName}` }];

export default function DonationsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="disc-page" data-testid="donations-page">
      <DonationsCabinet initial={loaderData.cabinet} />
    </div>
  );
}
