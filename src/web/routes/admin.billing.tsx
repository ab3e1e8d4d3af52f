import { data } from 'react-router';
import type { Route } from './+types/admin.billing';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StaffBilling } from '../features/billing/StaffBilling.tsx';
import '../features/discovery/discovery.css';

/** `/admin/billing`: staff mark company invoices and donation payouts paid and make promo codes (issue 12). */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return {};
}

export function meta() {
  return [{ title: `${ui.billing.staff.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBilling() {
  return (
    <div className="disc-page" data-testid="admin-billing">
      <h1 className="disc-title">{ui.billing.staff.title}</h1>
      <StaffBilling />
    </div>
  );
}
