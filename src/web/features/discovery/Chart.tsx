import { useEffect, useRef, useState } from 'react';
import type { ChartSeries } from '../../../shared/discovery.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatNumber } from '../../../shared/format.ts';

const COLORS = ['#2f6fed', '#14935b', '#e0384f', '#8b3dff', '#c7812b'];
const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A line chart of per-day series (uPlot, loaded in the browser only, so pages and the root bundle do not carry it).
 * Reused by /stats and an author's entry statistics: give it day starts (unix seconds) and one value per day per
 * series. The numbers are also in a table for screen readers and before the script loads.
 */
export function Chart({
  days,
  series,
  height = 220,
  label,
}: {
  days: number[];
  series: ChartSeries[];
  height?: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || !days.length) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: el.clientWidth,
          height,
          legend: { show: series.length > 1 },
          cursor: { points: { size: 6 } },
          scales: { x: { time: true } },
          axes: [
            {
              stroke: '#6b7280',
              grid: { stroke: '#eef0f3' },
              // «12 нояб.» is about 55 px wide: ticks at least 72 px apart keep the dates from running together
              // (issue 33: uPlot's 50 px overlapped them on /stats at both widths).
              space: 72,
              values: (_u, ticks) => ticks.map((s) => DATE.format(s * 1000)),
            },
            {
              stroke: '#6b7280',
              grid: { stroke: '#eef0f3' },
              values: (_u, ticks) => ticks.map((v) => formatNumber(v)),
            },
          ],
          series: [
            // uPlot names the x series 'Time' unless told.
            { label: ui.discovery.stats.day, value: (_u, v) => (v == null ? '' : DATE.format(v * 1000)) },
            ...series.map((s, i) => ({
              label: s.label,
              stroke: COLORS[i % COLORS.length],
              width: 2,
              fill: series.length === 1 ? `${COLORS[i % COLORS.length]}1a` : undefined,
              value: (_u: unknown, v: number | null) => (v == null ? '' : formatNumber(v)),
            })),
          ],
        },
        [days, ...series.map((s) => s.values)],
        el,
      );
      observer.observe(el);
      setReady(true);
    });
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the numbers change, not the arrays' identity
  }, [JSON.stringify([days, series]), height]);

  return (
    <figure className="chart" data-testid="chart" data-ready={ready ? '1' : '0'}>
      <figcaption className="chart-title">{label}</figcaption>
      {days.length ? (
        <div ref={box} className="chart-plot" style={{ minHeight: height }} aria-hidden />
      ) : (
        <p className="chart-empty">{ui.discovery.stats.chartEmpty}</p>
      )}
      {/* In a hidden box, not a hidden table: a table grows to its content whatever its width and widened the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{ui.discovery.stats.perDay}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{DATE.format(d * 1000)}</th>
                {series.map((s) => (
                  <td key={s.key}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
