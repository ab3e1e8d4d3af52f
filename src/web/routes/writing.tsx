import { data } from 'react-router';
import type { Route } from './+types/writing';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { WritingForm } from '../features/entries/WritingForm.tsx';

/** `/writing` (a new entry) and `/writing/{id}`: anonymous visitors meet the auth popup (401), others' entries 403/404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  const targets = await services.entries.writingTargets();
  if (params.id === undefined) return { entry: null, targets };
  if (!/^\d{1,10}$/.test(params.id) || Number(params.id) > 2 ** 31 - 1) throw data(null, { status: 404 });
  const found = await services.entries.editable(Number(params.id));
  if (found.status !== 200) throw data(null, { status: found.status });
  return { entry: found.entry, targets };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.entry ? ui.entries.writing.editTitle : ui.entries.writing.newTitle;
  return [{ title: `${title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Writing({ loaderData }: Route.ComponentProps) {
  return <WritingForm key={loaderData.entry?.id ?? 'new'} entry={loaderData.entry} targets={loaderData.targets} />;
}
