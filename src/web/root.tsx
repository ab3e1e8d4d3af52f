import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { siteName, siteTagline } from '../shared/catalogue/site.ts';
import { THEME_COLOR } from '../shared/theme.ts';
import { readCookie } from './lib/cookies.ts';
import { installRequestHooks, setStaticVersion } from './api/request.ts';
import { OverlayRoot } from './ui/overlays/OverlayRoot.tsx';
import { toast } from './ui/overlays/toasts.tsx';
import { currentUser, onAuthChange } from './features/auth/session.ts';
import { openAuthPopup } from './features/auth/open.ts';
import { openCaptcha } from './features/captcha/open.ts';
import { openBuyPopup } from './features/payments/open.ts';
import { ErrorScreen, errorTitle } from './features/layout/ErrorScreen.tsx';
import { Header } from './features/layout/Header.tsx';
import { Sidebar, SIDEBAR_COOKIE } from './features/layout/Sidebar.tsx';
import { RightColumn } from './features/layout/RightColumn.tsx';
import { pageLayout } from '../shared/page-facts.ts';
import { BannedBanner } from './features/moderation/BannedBanner.tsx';
import { RealtimeRoot } from './features/realtime/RealtimeRoot.tsx';
import { LIVE_COOKIE, parseCollapse } from './features/live/collapse.ts';
import { LiveStreamSlot } from './features/livestreams/LiveStreamSlot.tsx';
import { LIVE_STREAM_CLOSED_COOKIE } from '../shared/shell-cookies.ts';
import { EditorLauncher } from './features/editor/EditorLauncher.tsx';
import { TuneOffer } from './features/discovery/TunePopup.tsx';
import { AdsHost } from './features/ads/AdsHost.tsx';
import { BoosterHost } from './features/ads/BoosterHost.tsx';
import { FloatingHost } from './features/audio/FloatingHost.tsx';
import { IconSprite } from './ui/icons.tsx';
import { PageLinkNavigation } from './ui/PageLink.tsx';
import { setMediaBaseUrl } from './lib/media.ts';
import { installPreloadRecovery } from './lib/preload-recovery.ts';
import { wakeNavigation } from './lib/wake-navigation.ts';
import { mobilePrefix } from '../shared/mobile-path.ts';
import './shell.css';

/**
 * In the browser zod parses without compiling code: its probe for `new Function`, made as the first schemas are built
 * (before any module of ours could call z.config), is a CSP violation (script-src has no 'unsafe-eval',
 * server/http/security-headers.ts). zod reads this global config when it loads; the server keeps compiled parsers.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig={jitless:true}';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services, mediaBaseUrl, publicUrl } = context.get(appContext);
  const cookies = request.headers.get('cookie');
  const [communities, unreadCount, messengerUnread, liveStream] = await Promise.all([
    services.communities(),
    services.notifications.unreadCount(),
    services.messenger.unread(),
    services.livestreams.forPage(new URL(request.url).pathname, readCookie(cookies, LIVE_STREAM_CLOSED_COOKIE)),
  ]);
  return {
    user,
    communities,
    mediaBaseUrl,
    socketAuth: services.realtime.socketAuth(),
    unreadCount,
    messengerUnread,
    sidebarCollapsed: readCookie(cookies, SIDEBAR_COOKIE) === '1',
    liveCollapse: parseCollapse(readCookie(cookies, LIVE_COOKIE)),
    liveStream,
    publicUrl,
    // `/m`, `/m-{suffix}`: the mobile version (spec/foundation.md §2); it is the router's basename, fixed for the tab.
    mobile: mobilePrefix(new URL(request.url).pathname),
  };
}

/** The icon set and the manifest are served at the site root (src/server/modules/site). */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function meta({ error }: Route.MetaArgs) {
  if (error)
    return [{ title: `${errorTitle(errorStatus(error))} — ${siteName}` }, { name: 'robots', content: 'noindex' }];
  return [{ title: `${siteName} — ${siteTagline}` }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="ru" data-layout={data?.mobile ? 'mobile' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <script dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links />
        {data?.mobile ? <MobileCanonical publicUrl={data.publicUrl} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * A mobile page points search engines at its main address (`/m/new` → `/new`); pages that name their canonical
 * address themselves (their data's `canonical`) already name the main one.
 */
function MobileCanonical({ publicUrl }: { publicUrl: string }) {
  // Inside the mobile basename the location is the main path already.
  const location = useLocation();
  const own = useMatches().some((match) => !!(match.loaderData as { canonical?: string } | undefined)?.canonical);
  if (own) return null;
  return <link rel="canonical" href={publicUrl + location.pathname + location.search} />;
}

// Installed at module load so the very first request of the client already reacts to rc codes.
if (typeof window !== 'undefined') {
  // The build's manifest version tells the server which client sent a write (spec/foundation.md §7).
  setStaticVersion((window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? '');
  // Once per tab, not per shell: an error page's shell and a page's are two, and the navigation between them is its.
  wakeNavigation();
  installRequestHooks({
    toast: (message) => toast.show(message, { type: 'error' }),
    authorize: () => openAuthPopup('login'),
    captcha: openCaptcha,
    buyPlus: openBuyPopup,
  });
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * The site's frame around every page, error screens included: header, the columns, overlays, the socket. The columns
 * follow the page's layout options (shared/page-facts.ts `pageLayout`, what `/initialData` answers): the left sidebar, the content
 * column and the right column; `data-content` and `data-right-column` (on, reserve, off) set their widths (columns.css).
 */
function Shell({ data, children }: { data: Route.ComponentProps['loaderData']; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const layout = pageLayout(pathname);
  const right = layout.right_column ? 'on' : layout.right_column_reserve ? 'reserve' : 'off';
  const revalidator = useRevalidator();
  // The loader's user is the truth after every navigation; the store mirrors it for plain functions.
  if (typeof window === 'undefined' || currentUser.get()?.id !== data.user?.id) currentUser.set(data.user);
  useEffect(() => onAuthChange(() => revalidator.revalidate()), [revalidator]);
  useEffect(() => installPreloadRecovery(), []);
  setMediaBaseUrl(data.mediaBaseUrl);
  return (
    <div className="app">
      <IconSprite />
      <Header user={data.user} unreadCount={data.unreadCount} messengerUnread={data.messengerUnread} />
      <div className="app-body" data-content={layout.content_type} data-right-column={right}>
        {layout.left_column && <Sidebar communities={data.communities} initialCollapsed={data.sidebarCollapsed} />}
        <main className="app-main">
          <BannedBanner ban={data.user?.ban} />
          <LiveStreamSlot stream={data.liveStream} />
          {children}
        </main>
        {layout.right_column && (
          <RightColumn liveCollapse={data.liveCollapse} entry={layout.content_type === 'entry'} />
        )}
      </div>
      <OverlayRoot />
      <RealtimeRoot auth={data.socketAuth} />
      <EditorLauncher />
      <TuneOffer />
      <AdsHost />
      <BoosterHost />
      <FloatingHost />
      <PageLinkNavigation />
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

const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

/**
 * A page's refusal renders inside the shell when the root's own data is there (spec/content.md §2): a 401 opens the
 * sign-in dialog and the page appears once the reader is in (the shell revalidates on sign-in), other statuses show
 * the animated error screen. Only when the root loader itself failed is there no shell to draw.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) {
    return (
      <div className="app">
        <main className="app-main">
          <ErrorScreen status={errorStatus(error)} reloadOnSignIn />
        </main>
        <OverlayRoot />
        <HydrationMark />
      </div>
    );
  }
  return (
    <Shell data={data}>
      <ErrorScreen status={errorStatus(error)} />
    </Shell>
  );
}
