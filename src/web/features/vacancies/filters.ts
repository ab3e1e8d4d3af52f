import type { VacancyFilters } from '../../../shared/api/vacancies.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, VACANCY_LIMITS } from '../../../shared/vacancies.ts';
import { idParam as id } from '../board/filters.ts';

const oneOf = <T extends string>(list: readonly T[], v: string | null) =>
  list.includes(v as T) ? (v as T) : undefined;

/** The list's filters from the page's address (`/job?town_id=5&remote=1…`); a value that does not fit is dropped. */
export function filtersOf(params: URLSearchParams): VacancyFilters {
  const salary = id(params.get('salary_from'));
  const q = params.get('q')?.trim().slice(0, VACANCY_LIMITS.query);
  return {
    town_id: id(params.get('town_id')),
    remote: params.get('remote') === '1' ? true : undefined,
    specialisation: oneOf(SPECIALISATIONS, params.get('specialisation')),
    salary_from: salary !== undefined && salary <= VACANCY_LIMITS.salary ? salary : undefined,
    experience: oneOf(EXPERIENCES, params.get('experience')),
    employment: oneOf(EMPLOYMENTS, params.get('employment')),
    subsite_id: id(params.get('subsite_id')),
    q: q || undefined,
  };
}
