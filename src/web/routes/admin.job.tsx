import { data } from 'react-router';
import type { Route } from './+types/admin.job';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { VacancyCard } from '../features/vacancies/VacancyCard.tsx';
import { BoardQueue } from '../features/board/BoardActions.tsx';
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
  return (
    <BoardQueue
      kind="vacancy"
      items={loaderData.items}
      card={(v) => <VacancyCard v={v} now={loaderData.now} />}
      text={(v) => v.description_text}
    />
  );
}
