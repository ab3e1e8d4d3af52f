import type { Route } from './+types/stats';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { STATS_DAYS_DEFAULT } from '../../shared/discovery.ts';
import { formatNumber } from '../../shared/format.ts';
import { Chart } from '../features/discovery/Chart.tsx';

const t = ui.discovery.stats;

/** `/stats`: entries, comments, readers and new accounts per day over the last 30 days, with the site's totals. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { stats: await services.discovery.stats(STATS_DAYS_DEFAULT) };
}

export const meta = () => [{ title: `${t.title} — ${ui.siteName}` }, { name: 'description', content: t.lead }];

export default function StatsPage({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const totals = [
    [t.entries, stats.totals.entries],
    [t.comments, stats.totals.comments],
    [t.accounts, stats.totals.users],
    [ui.nav.communities, stats.totals.subsites],
  ] as const;
  return (
    <div className="disc-page disc-page--wide" data-testid="stats-page">
      <section className="disc-card">
        <h1 className="disc-title">{t.title}</h1>
        <p className="disc-lead">
          {t.lead}, {t.days(stats.days.length)}
        </p>
        <dl className="stats-totals">
          {totals.map(([label, n]) => (
            <div key={label} className="stats-total">
              <dt>{label}</dt>
              <dd>{formatNumber(n)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="stats-charts">
        {stats.series.map((s) => (
          <Chart key={s.key} label={s.label} days={stats.days} series={[s]} height={200} />
        ))}
      </div>
    </div>
  );
}
