import { data, Link, useRevalidator } from 'react-router';
import type { Route } from './+types/admin.job';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { VacancyCard } from '../features/vacancies/VacancyCard.tsx';
import { publishVacancy, rejectVacancy } from '../features/vacancies/StaffActions.tsx';
import '../features/vacancies/vacancies.css';

const t = ui.vacancies;

/** `/admin/job`: vacancies waiting for staff, oldest first; publish, or reject with a reason. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { items: await services.vacancies.queue(), now: Date.now() };
}

export function meta() {
  return [{ title: `${t.queueTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function JobQueue({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const done = (ok: boolean) => ok && void revalidator.revalidate();
  return (
    <div className="page">
      <h1 className="page-title">{t.queueTitle}</h1>
      {loaderData.items.length === 0 && <p className="feed-empty">{t.queueEmpty}</p>}
      <ul className="job-queue" data-testid="job-queue">
        {loaderData.items.map((v) => (
          <li key={v.id} className="job-queue__item" data-testid="job-queue-item" data-id={v.id}>
            <VacancyCard v={v} now={loaderData.now} />
            <p className="job-queue__text">{v.description_text.slice(0, 400)}</p>
            <div className="vacancy-actions">
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid="job-publish"
                onClick={async () => done(await publishVacancy(v.id))}
              >
                {t.publish}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="job-reject"
                onClick={async () => done(await rejectVacancy(v.id))}
              >
                {t.reject}
              </button>
              <Link to={v.url} className="btn btn-secondary btn-small">
                {t.description}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
