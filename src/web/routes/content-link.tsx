import { data, redirect } from 'react-router';
import type { Route } from './+types/content-link';
import { appContext } from '../context.ts';
import { keptQuery } from '../features/entries/urls.ts';

/** `/{contentId}` (spec/content.md §2, e.g. `?comment={commentId}&mode=edit`): to the entry, keeping the query. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  if (!/^\d{1,10}$/.test(params.contentId)) throw data(null, { status: 404 });
  const id = Number(params.contentId);
  const entry = id > 0 && id <= 2 ** 31 - 1 ? await services.entries.entry(id) : null;
  if (!entry) throw data(null, { status: 404 });
  throw redirect(entry.url + keptQuery(request), 301);
}

export default function ContentLink() {
  return null;
}
