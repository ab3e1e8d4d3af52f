import type { EntryReading } from '../../../shared/api/analytics.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatNumber } from '../../../shared/format.ts';
import { Chart } from '../discovery/Chart.tsx';
import './ads.css';

const t = distributionsUi.reading;

/** The totals of an entry's reading: views, readers, reads to the end, the average read time and the sources. */
export function ReadingTotals({ totals }: { totals: EntryReading['totals'] }) {
  const figures: [string, string, string][] = [
    ['views', t.views, formatNumber(totals.views)],
    ['readers', t.readers, formatNumber(totals.readers)],
    ['read-ends', t.readEnds, formatNumber(totals.read_ends)],
    ['read-time', t.readTime, t.seconds(totals.read_seconds)],
  ];
  return (
    <>
      <dl className="ad-report__totals" data-testid="reading-totals">
        {figures.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`reading-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="reading-sources" data-testid="reading-sources">
        <span>{t.sources}:</span>
        {(['feed', 'search', 'outside'] as const).map((s) => (
          <span key={s} data-testid={`reading-source-${s}`}>
            {`${t.source[s]} ${formatNumber(totals[s])}`}
          </span>
        ))}
      </p>
    </>
  );
}

/** `/stats/entry/{id}`: the totals and three charts by day (uPlot): audience, sources, read time. */
export function EntryReadingView({ reading }: { reading: EntryReading }) {
  const days = reading.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  const series = (keys: (keyof EntryReading['totals'])[], labels: string[]) =>
    keys.map((key, i) => ({ key, label: labels[i], values: reading.days.map((d) => d[key]) }));
  return (
    <div className="ad-report" data-testid="entry-reading">
      <h1>{t.title}</h1>
      <p className="ad-report__lead">
        <a className="reading-link" href={reading.url}>
          {reading.title || `#${reading.id}`}
        </a>
      </p>
      <p className="ad-report__lead">{t.lead}</p>
      <section className="ad-report__item">
        <ReadingTotals totals={reading.totals} />
        <Chart
          label={t.audienceChart}
          height={200}
          days={days}
          series={series(['views', 'readers', 'read_ends'], [t.views, t.readers, t.readEnds])}
        />
      </section>
      <section className="ad-report__item">
        <h2>{t.sources}</h2>
        <Chart
          label={t.sourcesChart}
          height={180}
          days={days}
          series={series(['feed', 'search', 'outside'], [t.source.feed, t.source.search, t.source.outside])}
        />
      </section>
      <section className="ad-report__item">
        <h2>{t.readTime}</h2>
        <Chart label={t.timeChart} height={180} days={days} series={series(['read_seconds'], [t.readTimePerDay])} />
      </section>
    </div>
  );
}
