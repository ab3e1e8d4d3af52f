import { data } from 'react-router';
import type { Route } from './+types/admin.billing';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StaffBanner, StaffBilling, StaffSiteDonations } from '../features/billing/StaffBilling.tsx';
import { TestPaymentsMark } from '../features/payments/CardCheckout.tsx';
import '../features/discovery/discovery.css';

/**
 * `/admin/billing`: staff mark company invoices and donation payouts paid, make promo codes, see editorial donations
 * and set the feed banner (issue 12).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services, testPayments } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { banner: await services.billing.banner(), testPayments };
}

export function meta() {
  return [{ title: `${ui.billing.staff.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  return (
    <div className="disc-page" data-testid="admin-billing">
      <h1 className="disc-title">{ui.billing.staff.title}</h1>
      {loaderData.testPayments && <TestPaymentsMark />}
      <StaffBilling />
      <StaffSiteDonations />
      <StaffBanner initial={loaderData.banner} />
    </div>
  );
}
