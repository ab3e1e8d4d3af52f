import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { calendar, EventCalendarData, EventFilters } from '../../../shared/api/events.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { call } from '../../api/call.ts';
import { boardHref } from '../board/filters.ts';

/** `2026-12` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** The month's weeks, Monday first: `null` pads the days of the months around it. */
function weeks(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => null);
  for (let d = 1; d <= count; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * The calendar widget of /events: a month, the days with events by the list's filters marked; a click on such a day
 * filters the list to it. The first month comes with the page; the arrows ask `GET /events/calendar`.
 */
export function EventCalendar({ initial, filters }: { initial: EventCalendarData; filters: EventFilters }) {
  const [shown, setShown] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setShown(initial), [initial]);
  const { date_from: _from, date_to: _to, ...rest } = filters;
  const picked = filters.date_from && filters.date_from === filters.date_to ? filters.date_from : null;
  const marked = new Set(shown.days);

  async function go(delta: number) {
    setBusy(true);
    const res = await call<typeof calendar>('GET /events/calendar', { ...rest, month: shiftMonth(shown.month, delta) });
    setBusy(false);
    if (res.ok) setShown(res.data);
  }

  const [year, month] = shown.month.split('-').map(Number);
  return (
    <section className="event-calendar" data-testid="event-calendar" data-month={shown.month} aria-label={t.calendar}>
      <header className="event-calendar__head">
        <button
          type="button"
          className="event-calendar__nav"
          onClick={() => go(-1)}
          disabled={busy}
          aria-label={t.prevMonth}
        >
          ‹
        </button>
        <h2 className="event-calendar__title" aria-live="polite">
          {t.months[month - 1]} {year}
        </h2>
        <button
          type="button"
          className="event-calendar__nav"
          onClick={() => go(1)}
          disabled={busy}
          aria-label={t.nextMonth}
        >
          ›
        </button>
      </header>
      <table className="event-calendar__grid">
        <thead>
          <tr>
            {t.weekdays.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks(shown.month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => (
                <td key={day ?? `pad-${j}`}>
                  {day && marked.has(day) ? (
                    <Link
                      to={boardHref('event', { ...rest, date_from: day, date_to: day })}
                      className={`event-calendar__day event-calendar__day--marked${day === picked ? ' event-calendar__day--picked' : ''}`}
                      aria-label={`${Number(day.slice(8))} ${t.months[month - 1]}: ${t.dayWithEvents}`}
                      aria-current={day === picked ? 'date' : undefined}
                      data-testid="calendar-day"
                      data-day={day}
                    >
                      {Number(day.slice(8))}
                    </Link>
                  ) : (
                    day && <span className="event-calendar__day">{Number(day.slice(8))}</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
