import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { JobWidgetData, widget } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { WIDGET_STEP } from '../../../shared/vacancies.ts';
import { call } from '../../api/call.ts';
import { VacancyCard } from './VacancyCard.tsx';

/** spec/content.md §9: the widget loads when it comes within 500 px of the viewport. */
const LAZY_OFFSET = '500px';

/**
 * The right column's job widget (`GET /widget/job`): the first five vacancies of the reader's town (or `location`),
 * "+5" reveals five more per click. Nothing is asked until the widget nears the viewport.
 */
export function JobWidget({ location }: { location?: number }) {
  const box = useRef<HTMLElement>(null);
  const [data, setData] = useState<JobWidgetData | null>(null);
  const [busy, setBusy] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || visible) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: LAZY_OFFSET },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    void call<typeof widget>('GET /widget/job', location ? { location } : {}).then((res) => {
      if (live && res.ok) setData(res.data);
    });
    return () => {
      live = false;
    };
  }, [visible, location]);

  async function more() {
    if (!data || busy) return;
    setBusy(true);
    const res = await call<typeof widget>('GET /widget/job', {
      ...(location ? { location } : data.town ? { location: data.town.id } : {}),
      offset: data.items.length,
      limit: WIDGET_STEP,
    });
    setBusy(false);
    if (res.ok) setData({ ...res.data, items: [...data.items, ...res.data.items] });
  }

  return (
    <section ref={box} className="job-widget" data-testid="job-widget" aria-label={t.widgetTitle}>
      <header className="job-widget__head">
        <h2 className="job-widget__title">
          {t.widgetTitle}
          {data?.town && <span className="job-widget__town"> · {data.town.name}</span>}
        </h2>
        <Link to="/job" className="job-widget__all">
          {t.widgetAll}
        </Link>
      </header>
      {!data && <p className="job-widget__empty">{t.loading}</p>}
      {data && data.items.length === 0 && <p className="job-widget__empty">{t.widgetEmpty}</p>}
      {data?.items.map((v) => (
        <VacancyCard key={v.id} v={v} now={0} compact />
      ))}
      {data && !data.is_finished && (
        <button
          type="button"
          className="btn btn-secondary btn-small job-widget__more"
          onClick={more}
          disabled={busy}
          aria-label={t.widgetMoreLabel}
          data-testid="job-widget-more"
        >
          {t.widgetMore}
        </button>
      )}
    </section>
  );
}
