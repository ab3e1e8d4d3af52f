import type { Route } from './+types/plus';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { SPONSOR_COUNTS } from '../../shared/billing.ts';
import { useCurrentUser } from '../features/auth/session.ts';
import { DonationForm } from '../features/billing/DonationBlock.tsx';
import { InvoiceForm } from '../features/billing/InvoiceForm.tsx';
import { PlusOffer } from '../features/billing/PlusOffer.tsx';
import { SponsorsGrid } from '../features/billing/SponsorsGrid.tsx';

const t = ui.billing.plus;

/** `/plus` (spec/content.md §2): the perks, the prices, the invoice form and the grid of people with Plus. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const promo = new URL(request.url).searchParams.get('promo') ?? '';
  return {
    data: await services.billing.plus(SPONSOR_COUNTS[0]),
    promo: promo.slice(0, 32),
    email: user?.user_email ?? '',
  };
}

export const meta = () => [{ title: `${t.title} — ${ui.siteName}` }, { name: 'description', content: t.lead }];

export default function PlusPage({ loaderData }: Route.ComponentProps) {
  const { data, promo, email } = loaderData;
  const me = useCurrentUser();
  return (
    <div className="disc-page" data-testid="plus-page">
      <section className="disc-card">
        <h1 className="disc-title">{t.title}</h1>
        <p className="disc-lead">{t.lead}</p>
        <ul className="plus-perks">
          {t.perks.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <PlusOffer data={data} promo={promo} />
      </section>
      {me && (
        <section className="disc-card" aria-labelledby="invoice-title">
          <h2 className="disc-title" id="invoice-title">
            {ui.billing.invoice.title}
          </h2>
          <p className="disc-lead">{ui.billing.invoice.lead}</p>
          {data.invoice_available ? (
            <InvoiceForm products={data.products} email={email || me.user_email} />
          ) : (
            <p className="bill-error" role="status" data-testid="invoice-unavailable">
              {ui.billing.invoice.unavailable}
            </p>
          )}
        </section>
      )}
      <section className="disc-card" aria-labelledby="site-donation-title" data-testid="site-donation">
        <h2 className="disc-title" id="site-donation-title">
          {ui.billing.donation.siteTitle}
        </h2>
        <DonationForm entryId={null} title={ui.billing.donation.siteTitle} lead={ui.billing.donation.siteLead} />
      </section>
      <section className="disc-card" aria-labelledby="sponsors-title">
        <h2 className="disc-title" id="sponsors-title">
          {t.sponsorsTitle}
        </h2>
        <SponsorsGrid first={data.sponsors} total={data.sponsors_count} />
      </section>
    </div>
  );
}
