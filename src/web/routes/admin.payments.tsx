import { data } from 'react-router';
import type { Route } from './+types/admin.payments';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { StaffPayments } from '../features/payments/PaymentsSection.tsx';
import { TestPaymentsMark } from '../features/payments/CardCheckout.tsx';

/** `/admin/payments`: staff see orders, charges and refunds, refund a paid order and gift Plus. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, testPayments } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { testPayments };
}

export function meta() {
  return [{ title: `${ui.payments.staffTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1 className="page-title">{ui.payments.staffTitle}</h1>
      {loaderData.testPayments && <TestPaymentsMark />}
      <StaffPayments />
    </div>
  );
}
