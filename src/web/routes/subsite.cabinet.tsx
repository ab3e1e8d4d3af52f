import { data, Link } from 'react-router';
import type { Route } from './+types/subsite.cabinet';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { formatNumber } from '../../shared/format.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { CompanyTeam } from '../features/discovery/Company.tsx';
import { CompanyContactsForm } from '../features/discovery/CompanyContactsForm.tsx';
import { PromotionTopup } from '../features/ads/PromotionTopup.tsx';
import '../features/discovery/company.css';

const t = ui.discovery.company;

/** `/s/{slug}/cabinet` (issue 32): a company blog's cabinet for its creator and admins. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const found = await services.discovery.cabinet(params.slug ?? '');
  if (found.status !== 200) throw data(null, { status: found.status });
  return { cabinet: found };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: `${d ? t.cabinetTitle(d.cabinet.subsite.name) : t.cabinet} — ${ui.siteName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function CompanyCabinetPage({ loaderData }: Route.ComponentProps) {
  const { subsite, details, team, stats, promotion_balance } = loaderData.cabinet;
  return (
    <div className="company-cabinet" data-testid="company-cabinet-page">
      <header className="company-cabinet__head">
        <Avatar name={subsite.name} color={subsite.avatar_color} url={subsite.avatar_url} size={48} />
        <div>
          <h1>{t.cabinetTitle(subsite.name)}</h1>
          <Link to={subsite.url}>{subsite.url}</Link>
        </div>
      </header>
      <section className="company-panel" data-testid="cabinet-stats">
        <h2>{t.statistics}</h2>
        <dl className="company-stats">
          {(Object.keys(t.stats) as (keyof typeof t.stats)[]).map((k) => (
            <div key={k} data-testid={`stat-${k}`}>
              <dt>{t.stats[k]}</dt>
              <dd>{formatNumber(stats[k])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PromotionTopup subsiteId={subsite.id} company={subsite.name} balance={promotion_balance} />
      <section className="company-panel">
        <h2>{t.contactsTitle}</h2>
        <CompanyContactsForm subsiteId={subsite.id} details={details} />
      </section>
      <section className="company-panel">
        <h2>{t.team}</h2>
        <CompanyTeam items={team} testId="cabinet-team" />
        <p>
          <Link to={`${subsite.url}/settings`} className="btn btn-secondary" data-testid="cabinet-team-settings">
            {t.teamSettings}
          </Link>
        </p>
      </section>
    </div>
  );
}
