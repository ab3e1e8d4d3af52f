import { data } from 'react-router';
import type { Route } from './+types/admin.account';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StaffSiteAccount } from '../features/billing/StaffBilling.tsx';
import { TestPaymentsMark } from '../features/payments/CardCheckout.tsx';

/** `/admin/account`: staff see the site's own account (its ledger rows and sums), the top-ups and the payouts. */
export function loader({ context }: Route.LoaderArgs) {
  const { user, testPayments } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { testPayments };
}

export function meta() {
  return [{ title: `${ui.billing.staff.account} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  return (
    <div className="disc-page" data-testid="admin-account">
      <h1 className="disc-title">{ui.billing.staff.account}</h1>
      {loaderData.testPayments && <TestPaymentsMark />}
      <StaffSiteAccount />
    </div>
  );
}
