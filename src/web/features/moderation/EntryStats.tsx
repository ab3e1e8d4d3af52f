import type { entryStats } from '../../../shared/api/hits.ts';
import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { EntryStats } from '../../../shared/discovery.ts';
import { formatNumber } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { Chart } from '../discovery/Chart.tsx';
import { ReadingTotals } from '../ads/EntryReading.tsx';
import type { EntryReading, entryReading } from '../../../shared/api/analytics.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import './moderation.css';

const S = ui.discovery.stats;

function EntryStatsView({ entryId }: { entryId: number }) {
  const [stats, setStats] = useState<EntryStats | null>(null);
  const [error, setError] = useState('');
  const [reading, setReading] = useState<EntryReading | null>(null);
  useEffect(() => {
    let live = true;
    void call<typeof entryStats>('GET /content/stats/:id', { id: entryId }, { notify: false }).then((res) => {
      if (!live) return;
      if (res.ok) setStats(res.data);
      else setError(res.rm);
    });
    // The reading (analytics' roll-up): views, reads to the end, read time, sources; the dashboard has the charts.
    void call<typeof entryReading>('GET /content/stats/:id/reading', { id: entryId }, { notify: false }).then(
      (res) => live && res.ok && setReading(res.data),
    );
    return () => {
      live = false;
    };
  }, [entryId]);
  return (
    <div className="mod-stats" data-testid="entry-stats">
      <h2 className="mod-report__title" id="entry-stats-title">
        {S.entryStats}
      </h2>
      {error ? (
        <p className="mod-report__error" role="alert">
          {error}
        </p>
      ) : stats ? (
        <>
          <dl className="mod-stats__totals">
            {stats.series.map((s) => (
              <div key={s.key} className="mod-stats__total">
                <dt>{s.label}</dt>
                <dd>{formatNumber(stats.totals[s.key as keyof EntryStats['totals']])}</dd>
              </div>
            ))}
          </dl>
          <Chart days={stats.days} series={stats.series} label={`${S.perDay} · ${S.days(stats.days.length)}`} />
        </>
      ) : (
        <p className="mod-empty">{ui.complaints.statsLoading}</p>
      )}
      {reading && (
        <section className="mod-stats__reading" data-testid="entry-reading-summary">
          <h3>{distributionsUi.reading.title}</h3>
          <ReadingTotals totals={reading.totals} />
          <a className="reading-link" href={`/stats/entry/${entryId}`} data-testid="entry-reading-more">
            {distributionsUi.reading.more}
          </a>
        </section>
      )}
    </div>
  );
}

/** The statistics popup of an entry (its '…' menu, for its author and staff): totals and a chart per day. */
export function openEntryStats(entryId: number) {
  popup.open({
    kind: 'entry-stats',
    size: 'medium',
    labelledBy: 'entry-stats-title',
    render: () => <EntryStatsView entryId={entryId} />,
  });
}
