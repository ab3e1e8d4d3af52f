import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRevalidator, Link } from 'react-router';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { ui, messages } from '../shared/catalogue.ts';
import { readCookie } from './lib/cookies.ts';
import { installRequestHooks, setStaticVersion } from './api/request.ts';
import { OverlayRoot, toast } from './ui/overlays/index.ts';
import { currentUser, onAuthChange } from './features/auth/session.ts';
import { openAuthPopup } from './features/auth/AuthPopup.tsx';
import { Header } from './features/layout/Header.tsx';
import { Sidebar, SIDEBAR_COOKIE } from './features/layout/Sidebar.tsx';
import { RealtimeRoot } from './features/realtime/RealtimeRoot.tsx';
import { LIVE_COOKIE, parseCollapse } from './features/live/collapse.ts';
import { EditorLauncher } from './features/editor/EditorLauncher.tsx';
import { setMediaBaseUrl } from './lib/media.ts';
import './styles.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services, mediaBaseUrl } = context.get(appContext);
  const [communities, unreadCount] = await Promise.all([services.communities(), services.notifications.unreadCount()]);
  const cookies = request.headers.get('cookie');
  return {
    user,
    communities,
    mediaBaseUrl,
    socketAuth: services.realtime.socketAuth(),
    unreadCount,
    sidebarCollapsed: readCookie(cookies, SIDEBAR_COOKIE) === '1',
    liveCollapse: parseCollapse(readCookie(cookies, LIVE_COOKIE)),
  };
}

/** The icon set and the manifest are served at the site root (src/server/modules/site). */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function meta() {
  return [{ title: `${ui.siteName} — ${ui.siteTagline}` }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// Installed at module load so the very first request of the client already reacts to rc codes.
if (typeof window !== 'undefined') {
  // The build's manifest version tells the server which client sent a write (spec/foundation.md §7).
  setStaticVersion((window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? '');
  installRequestHooks({
    toast: (message) => toast.show(message, { type: 'error' }),
    authorize: () => openAuthPopup('login'),
  });
}

export default function App({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // The loader's user is the truth after every navigation; the store mirrors it for plain functions.
  if (typeof window === 'undefined' || currentUser.get()?.id !== loaderData.user?.id) currentUser.set(loaderData.user);
  useEffect(() => onAuthChange(() => revalidator.revalidate()), [revalidator]);
  setMediaBaseUrl(loaderData.mediaBaseUrl);
  return (
    <div className="app">
      <Header user={loaderData.user} unreadCount={loaderData.unreadCount} />
      <div className="app-body">
        <Sidebar communities={loaderData.communities} initialCollapsed={loaderData.sidebarCollapsed} liveCollapse={loaderData.liveCollapse} />
        <main className="app-main">
          <Outlet />
        </main>
      </div>
      <OverlayRoot />
      <RealtimeRoot auth={loaderData.socketAuth} />
      <EditorLauncher />
      <HydrationMark />
    </div>
  );
}

/** Tests and scripts wait for `html[data-ready]`: the page is interactive from then on. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? ui.errors.notFoundTitle : status === 403 ? ui.errors.forbiddenTitle : ui.errors.errorTitle;
  const text = status === 404 ? ui.errors.notFoundText : status === 403 ? messages.forbidden : messages.somethingWrong;
  // spec/content.md §2: a 401 page opens the sign-in dialog and reloads on success.
  useEffect(() => {
    if (status === 401) openAuthPopup('login').then((ok) => ok && location.reload());
  }, [status]);
  return (
    <div className="error-page" data-testid="error-page" data-status={status}>
      <OverlayRoot />
      <div className="error-code">{status}</div>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="btn btn-primary" to="/">{ui.errors.toMain}</Link>
    </div>
  );
}
