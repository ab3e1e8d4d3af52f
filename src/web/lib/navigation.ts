import { navigationMessages } from '../../shared/catalogue/site.ts';
import { toast } from '../ui/overlays/toasts.tsx';
import { readCookie } from './cookies.ts';
import { STATIC_VERSION_COOKIE } from '../../shared/shell-cookies.ts';
import { pause } from './backoff.ts';
import { mountMobileFooter } from '../features/layout/mobile-footer.ts';

/**
 * Page navigation on top of React Router (spec/content.md §7, §8). Each page's data comes from `{path}.data`; this
 * wraps the window's fetch for those requests only:
 * - not sent (offline): 'Что-то не так с интернетом. Повторное подключение' stays up while it tries again after 1 s,
 *   then 2 s, 4 s… (at once when the browser says it is online again), and goes when an answer comes;
 * - an answer of 400 or more (401 excepted: the shell opens sign-in for it) or an empty one during a navigation shows
 *   'Не удалось перейти на страницу (код {code})' or 'Испорченные данные' and the previous page stays;
 * - a tab whose build is outdated (`static_version_changed` on the system channel, or the `static_version_timestamp`
 *   cookie written by another tab after this one loaded) loads the next page whole, with the new build's code.
 * Its code comes with the reader's first gesture (`wakeNavigation`), so a page only opened fetches none of it.
 */

interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}
interface DataRouter {
  state: { location: RouterLocation; navigation: { state: string; location?: RouterLocation } };
  navigate(to: string, opts: { replace: boolean; preventScrollReset: boolean }): Promise<void>;
  subscribe(fn: (state: DataRouter['state']) => void): () => void;
  createHref(location: RouterLocation): string;
}

const router = () => (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;

/** Another tab (or this one) heard of a newer build after this page was loaded (spec/content.md §9's cookie). */
const isOutdated = () => Number(readCookie(document.cookie, STATIC_VERSION_COOKIE)) > performance.timeOrigin;

const pathOf = (location: RouterLocation) => location.pathname + location.search;
/** The router's locations carry its basename (the mobile segment, `/m`); `navigate` takes paths inside it. */
function insideBasename(path: string): string {
  const base = (window as { __reactRouterContext?: { basename?: string } }).__reactRouterContext?.basename ?? '/';
  if (base === '/' || !path.startsWith(base)) return path;
  const rest = path.slice(base.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** What a navigation asks the server: the pages' data (`.data`) and, for pages not met yet, the routes (`__manifest`). */
function navigationRequest(input: RequestInfo | URL): 'data' | 'routes' | null {
  // The router asks with a URL of this origin; anything else is someone else's request.
  if (!(input instanceof URL) || input.origin !== location.origin) return null;
  return input.pathname.endsWith('.data') ? 'data' : input.pathname.endsWith('/__manifest') ? 'routes' : null;
}

export function installNavigation() {
  // Woken with the navigation, in its script (wake-navigation.ts): the footer's code is not on the first visit either.
  mountMobileFooter();
  const original = window.fetch;
  let offlineToast = 0;
  /** The navigation that puts the previous page back: its own failure surfaces as usual, no second return. */
  let restoring: string | null = null;

  const closeOffline = () => {
    if (offlineToast) toast.close(offlineToast);
    offlineToast = 0;
  };

  /** A failed navigation: the notice, and the router goes back to the page it was showing (its data read anew). */
  const stay = (message: string): Promise<Response> => {
    const r = router();
    toast.show(message, { type: 'error' });
    if (r) {
      restoring = pathOf(r.state.location);
      void r
        .navigate(insideBasename(restoring), { replace: true, preventScrollReset: true })
        .finally(() => (restoring = null));
    }
    // The navigation this answer belonged to is superseded by the one above; its fetch never settles.
    return new Promise<Response>(() => {});
  };

  const pageFetch = async (input: RequestInfo | URL, init: RequestInit | undefined, kind: 'data' | 'routes') => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await original(input, init);
      } catch (err) {
        if (signal?.aborted) throw err;
        offlineToast ||= toast.show(navigationMessages.offline, { type: 'error', lifeTime: 0 });
        await pause(1000 * 2 ** attempt, signal);
        continue;
      }
      closeOffline();
      if (kind === 'routes') return response;
      const navigation = router()?.state.navigation;
      const target = navigation?.state === 'loading' && navigation.location ? pathOf(navigation.location) : null;
      // Only one way back at a time: a failure of the way back itself shows as usual.
      if (target === null || restoring !== null) return response;
      if (response.status >= 400 && response.status !== 401) return stay(navigationMessages.failed(response.status));
      if (response.status === 200 && !(await response.clone().text())) return stay(navigationMessages.brokenData);
      return response;
    }
  };

  window.fetch = (input, init) => {
    const kind = navigationRequest(input);
    return kind ? pageFetch(input, init, kind) : original(input, init);
  };

  // A navigation of an outdated tab becomes a whole page load.
  const r = router();
  r?.subscribe((state) => {
    const next = state.navigation.location;
    if (state.navigation.state !== 'loading' || !next || !isOutdated()) return;
    window.location.assign(r.createHref(next));
  });

  // Offline reading (the service worker) comes with the same first gesture: nothing of it in the page's first load.
  void import('./service-worker.ts').then((m) => m.startOffline());

  // Tests and scripts wait for it.
  document.documentElement.dataset.navigation = '1';
}
