import { data } from 'react-router';
import type { Route } from './+types/job.form';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { VacancyForm } from '../features/vacancies/VacancyForm.tsx';
import '../features/vacancies/vacancies.css';

const t = ui.vacancies;

/** `/job/new` and `/job/{id}/edit`: the vacancy form for a signed-in author (anonymous readers sign in first). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  const blogs = await services.vacancies.authorBlogs();
  if (params.id === undefined) return { blogs, vacancy: null };
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data(null, { status: 404 });
  const vacancy = await services.vacancies.one(id).catch((e: { rc?: number }) => {
    throw data(null, { status: e.rc ?? 500 });
  });
  if (!vacancy.can_edit) throw data(null, { status: 403 });
  return { blogs, vacancy };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: `${d?.vacancy ? t.editVacancy : t.formTitle} — ${ui.siteName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function VacancyFormPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page vacancy-form-page">
      <h1 className="page-title">{loaderData.vacancy ? t.editVacancy : t.formTitle}</h1>
      <VacancyForm blogs={loaderData.blogs} vacancy={loaderData.vacancy} />
    </div>
  );
}
