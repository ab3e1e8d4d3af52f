import { useCallback } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/writing';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EntryEditor } from '../features/editor/EntryEditor.tsx';
import { routeId } from '../lib/route-id.ts';

/** `/writing` (a new entry) and `/writing/{id}`: anonymous visitors meet the auth popup (401), others' entries 403/404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  const targets = await services.entries.writingTargets();
  if (params.id === undefined) return { entry: null, targets };
  const id = routeId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const found = await services.entries.editable(id);
  if (found.status !== 200) throw data(null, { status: found.status });
  return { entry: found.entry, targets };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.entry ? ui.entries.writing.editTitle : ui.entries.writing.newTitle;
  return [{ title: `${title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

/** The editor as a page: direct links, reloads and the `static=true` launch. */
export default function Writing({ loaderData }: Route.ComponentProps) {
  // A new entry's first autosave gives it an address; a reload then finds the draft there.
  const onIdentity = useCallback((id: number) => history.replaceState(history.state, '', `/writing/${id}`), []);
  return (
    <div className="ed-page">
      <h1 className="visually-hidden">
        {loaderData.entry ? ui.entries.writing.editTitle : ui.entries.writing.newTitle}
      </h1>
      <EntryEditor
        key={loaderData.entry?.id ?? 'new'}
        entry={loaderData.entry}
        targets={loaderData.targets}
        onIdentity={onIdentity}
        page
      />
    </div>
  );
}
