import type { ReportItem } from '../../../shared/api/analytics.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatNumber, formatRoubles } from '../../../shared/format.ts';
import { Chart } from '../discovery/Chart.tsx';
import './ads.css';

const t = distributionsUi.report;

/** The report: per campaign or booster, its totals and a chart of impressions and clicks by day (uPlot). */
export function AdReport({ items }: { items: ReportItem[] }) {
  return (
    <div className="ad-report" data-testid="ad-report">
      <h1>{t.title}</h1>
      <p className="ad-report__lead">{t.lead}</p>
      {items.length === 0 && <p data-testid="ad-report-empty">{t.empty}</p>}
      {items.map((item) => (
        <section key={item.id} className="ad-report__item" data-testid="ad-report-item" data-id={item.id}>
          <h2>
            <a href={item.url}>{item.title}</a>
          </h2>
          <p className="ad-report__kind">
            {item.kind === 'booster' ? t.booster : t.campaign} ·{' '}
            {distributionsUi.staff.states[item.state as 'launched'] ?? item.state}
          </p>
          <dl className="ad-report__totals">
            <div>
              <dt>{t.impressions}</dt>
              <dd data-testid="ad-report-impressions">{formatNumber(item.impressions)}</dd>
            </div>
            <div>
              <dt>{t.clicks}</dt>
              <dd data-testid="ad-report-clicks">{formatNumber(item.clicks)}</dd>
            </div>
            <div>
              <dt>{t.ctr}</dt>
              <dd data-testid="ad-report-ctr">{`${item.ctr.toLocaleString('ru-RU')} %`}</dd>
            </div>
            {item.kind === 'booster' && (
              <div>
                <dt>{t.spent}</dt>
                <dd>{`${formatRoubles(item.spent)} / ${formatRoubles(item.paid)}`}</dd>
              </div>
            )}
          </dl>
          <Chart
            label={t.chart(item.title)}
            height={180}
            days={item.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000)}
            series={[
              { key: 'impressions', label: t.impressions, values: item.days.map((d) => d.impressions) },
              { key: 'clicks', label: t.clicks, values: item.days.map((d) => d.clicks) },
            ]}
          />
        </section>
      ))}
    </div>
  );
}
