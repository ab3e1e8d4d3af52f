import { Link } from 'react-router';
import type { VacancyCardData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { VacancyCard } from './VacancyCard.tsx';
import './vacancies.css';

/** How many of a blog's open vacancies its page shows; the link leads to all of them on /job. */
export const SUBSITE_VACANCIES = 3;

/** A company's (or any blog's) first open vacancies on its page; nothing when it has none. */
export function SubsiteVacancies({
  subsite,
  items,
  now,
}: {
  subsite: { id: number; type: 'user' | 'community' | 'company' };
  items: VacancyCardData[];
  now: number;
}) {
  if (!items.length) return null;
  const title = subsite.type === 'company' ? t.companyVacancies : t.widgetTitle;
  return (
    <section className="job-widget subsite-vacancies" data-testid="subsite-vacancies" aria-label={title}>
      <header className="job-widget__head">
        <h2 className="job-widget__title">{title}</h2>
        <Link to={`/job?subsite_id=${subsite.id}&town_id=0`} className="job-widget__all">
          {t.widgetAll}
        </Link>
      </header>
      {items.map((v) => (
        <VacancyCard key={v.id} v={v} now={now} compact />
      ))}
    </section>
  );
}
