import { Link } from 'react-router';
import type { VacancyCardData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { relativeTime } from '../../../shared/format.ts';
import { placeText, salaryText } from '../../../shared/vacancy-format.ts';

/** A vacancy in the list, the widget and the staff queue. */
export function VacancyCard({ v, now, compact = false }: { v: VacancyCardData; now: number; compact?: boolean }) {
  return (
    <article
      className={`vacancy-card${compact ? ' vacancy-card--compact' : ''}`}
      data-testid="vacancy-card"
      data-id={v.id}
    >
      <Link to={v.url} className="vacancy-card__title">
        {v.title}
      </Link>
      <div className="vacancy-card__salary">{salaryText(v.salary_from, v.salary_to)}</div>
      <div className="vacancy-card__meta">
        <span className="vacancy-card__company">{v.company}</span>
        <span data-testid="vacancy-place">{placeText(v.town, v.is_remote)}</span>
        {!compact && <span>{t.employments[v.employment]}</span>}
        {!compact && v.published_at && <time dateTime={v.published_at}>{relativeTime(v.published_at, now)}</time>}
        {v.state !== 'published' && (
          <span className={`vacancy-state vacancy-state--${v.state}`} data-testid="vacancy-state">
            {t.states[v.state]}
          </span>
        )}
      </div>
    </article>
  );
}
