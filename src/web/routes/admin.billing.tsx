import { data } from 'react-router';
import type { Route } from './+types/admin.billing';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { SellerForm } from '../features/billing/SellerForm.tsx';
import { StaffBanner, StaffBilling, StaffSiteDonations } from '../features/billing/StaffBilling.tsx';
import { TestPaymentsMark } from '../features/payments/CardCheckout.tsx';

/**
 * `/admin/billing`: staff mark company invoices and donation payouts paid, make promo codes, see editorial donations
 * and set the feed banner (issue 12); the superuser also sets the seller's requisites printed on invoices.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services, testPayments } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  const [banner, seller] = await Promise.all([services.billing.banner(), services.billing.seller()]);
  return { banner, seller, superuser: user.is_superuser, testPayments };
}

export function meta() {
  return [{ title: `${ui.billing.staff.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  return (
    <div className="disc-page" data-testid="admin-billing">
      <h1 className="disc-title">{ui.billing.staff.title}</h1>
      {loaderData.testPayments && <TestPaymentsMark />}
      {loaderData.superuser && <SellerForm initial={loaderData.seller} />}
      <StaffBilling />
      <StaffSiteDonations />
      <StaffBanner initial={loaderData.banner} />
    </div>
  );
}
