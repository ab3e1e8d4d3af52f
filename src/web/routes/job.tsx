import { useEffect, useRef, useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/job';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { list } from '../../shared/api/vacancies.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, TOWN_COOKIE } from '../../shared/vacancies.ts';
import { call } from '../api/call.ts';
import { readCookie } from '../lib/cookies.ts';
import { VacancyCard } from '../features/vacancies/VacancyCard.tsx';
import { JobWidget } from '../features/vacancies/JobWidget.tsx';
import { filtersOf } from '../features/vacancies/filters.ts';
import { BoardFilters, BoardMine } from '../features/board/BoardList.tsx';
import { filterInput } from '../features/board/filters.ts';
import { ChoiceField, FormField } from '../ui/FormField.tsx';
import '../features/vacancies/vacancies.css';

const t = ui.vacancies;

/** `/job`: published vacancies by filters and a search; the town defaults to the reader's own (`?town_id=0`: any). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  if (!params.has('town_id')) {
    const own = await services.vacancies.readerTown(readCookie(request.headers.get('cookie'), TOWN_COOKIE));
    if (own) filters.town_id = own.id;
  }
  const [page, town, mine] = await Promise.all([
    services.vacancies.list(filters),
    filters.town_id ? services.vacancies.town(filters.town_id) : null,
    services.vacancies.mine(),
  ]);
  if (!page) throw data(null, { status: 500 });
  return { filters, page, town, mine, signedIn: Boolean(user), now: Date.now() };
}

export function meta() {
  return [
    { title: `${t.title} — ${ui.siteName}` },
    { name: 'description', content: t.lead },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: t.title, href: '/job/rss' },
  ];
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { filters, page, now } = loaderData;
  const [items, setItems] = useState(page.items);
  const [cursor, setCursor] = useState(page);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setItems(page.items);
    setCursor(page);
  }, [page]);

  async function more() {
    if (loading || cursor.is_finished || cursor.last_id === null || cursor.last_sorting_value === null) return;
    setLoading(true);
    const res = await call<typeof list>('GET /job', {
      ...filterInput(filters),
      last_id: cursor.last_id,
      last_sorting_value: cursor.last_sorting_value,
    });
    setLoading(false);
    if (!res.ok) return;
    setItems((prev) => [...prev, ...res.data.items]);
    setCursor(res.data);
  }

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const seen = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && void more(), {
      rootMargin: '100% 0px',
    });
    seen.observe(el);
    return () => seen.disconnect();
  });

  return (
    <div className="job-layout">
      <div className="page job-page">
        <header className="job-head">
          <h1 className="page-title">{t.title}</h1>
          <Link to="/job/new" className="btn btn-primary" data-testid="job-new">
            {t.newVacancy}
          </Link>
        </header>
        <BoardFilters kind="vacancy" filters={filters} town={loaderData.town}>
          <ChoiceField
            name="specialisation"
            label={t.specialisation}
            list={SPECIALISATIONS}
            names={t.specialisations}
            value={filters.specialisation}
            empty={t.any}
          />
          <FormField label={t.salaryFrom}>
            <input
              name="salary_from"
              inputMode="numeric"
              className="form-input"
              defaultValue={filters.salary_from ?? ''}
              data-testid="job-salary"
            />
          </FormField>
          <ChoiceField
            name="experience"
            label={t.experience}
            list={EXPERIENCES}
            names={t.experiences}
            value={filters.experience}
            empty={t.any}
          />
          <ChoiceField
            name="employment"
            label={t.employment}
            list={EMPLOYMENTS}
            names={t.employments}
            value={filters.employment}
            empty={t.any}
          />
          <label className="form-check">
            <input type="checkbox" name="remote" value="1" defaultChecked={filters.remote ?? false} />
            {t.remoteOnly}
          </label>
        </BoardFilters>
        {filters.subsite_id && items[0] && (
          <p className="job-company-filter">
            {t.companyVacancies}: <b>{items[0].company}</b>
          </p>
        )}
        <div className="job-list" data-testid="job-list">
          {items.length === 0 && <p className="feed-empty">{t.empty}</p>}
          {items.map((v) => (
            <VacancyCard key={v.id} v={v} now={now} />
          ))}
        </div>
        <div ref={sentinel} />
        {!cursor.is_finished && (
          <button type="button" className="btn btn-secondary btn-wide" onClick={more} disabled={loading}>
            {loading ? t.loading : t.more}
          </button>
        )}
      </div>
      <aside className="job-aside" aria-label={t.asideLabel}>
        {loaderData.signedIn && (
          <BoardMine
            kind="vacancy"
            title={t.myVacancies}
            items={loaderData.mine}
            card={(v) => <VacancyCard key={v.id} v={v} now={now} compact />}
          />
        )}
        <JobWidget />
      </aside>
    </div>
  );
}
