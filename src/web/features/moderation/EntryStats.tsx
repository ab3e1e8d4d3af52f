import type { entryStats } from '../../../shared/api/hits.ts';
import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { EntryStats } from '../../../shared/discovery.ts';
import { formatNumber } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { Chart } from '../discovery/Chart.tsx';
import './moderation.css';

const S = ui.discovery.stats;

function EntryStatsView({ entryId }: { entryId: number }) {
  const [stats, setStats] = useState<EntryStats | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void call<typeof entryStats>('GET /content/stats/:id', { id: entryId }, { notify: false }).then((res) => {
      if (!live) return;
      if (res.ok) setStats(res.data);
      else setError(res.rm);
    });
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
