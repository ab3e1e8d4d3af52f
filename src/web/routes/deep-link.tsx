import { data, redirect } from 'react-router';
import type { Route } from './+types/deep-link';

/**
 * `/deep-link?link={url}&action=listen` (spec/content.md §2): the app's link for listening. An installed app may claim
 * the address; in the browser it opens the page of `link` (this site's only) with `?action=listen`, where the first
 * audio block starts playing.
 */
export function loader({ request }: Route.LoaderArgs) {
  const here = new URL(request.url);
  const link = here.searchParams.get('link') ?? '';
  const action = here.searchParams.get('action') ?? '';
  let target: URL;
  try {
    target = new URL(link, here.origin);
  } catch {
    throw data(null, { status: 404 });
  }
  // Another site, `//host` or a scheme other than ours: nothing to open here.
  if (!link || target.origin !== here.origin || link.startsWith('//')) throw data(null, { status: 404 });
  if (action === 'listen') target.searchParams.set('action', 'listen');
  throw redirect(target.pathname + target.search + target.hash, 302);
}

export default function DeepLink() {
  return null;
}
