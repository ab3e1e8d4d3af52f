import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SubsiteCard } from '../../../shared/api.ts';
import { boardNavUi, discoveryNavUi, feedNavUi } from '../../../shared/catalogue/shown.ts';
import { navUi } from '../../../shared/catalogue/site.ts';
import { footerUi } from '../../../shared/catalogue/footer.ts';
import { setCookie } from '../../lib/cookies.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { isCurrentPath, PageLink } from '../../ui/PageLink.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { badgeText, useRecentCount } from '../feed/recent.ts';
import { SubscribeButton } from '../subsites/SubscribeButton.tsx';

import { SIDEBAR_COOKIE } from '../../../shared/shell-cookies.ts';
import { MOBILE_WIDTH } from '../../../shared/viewport.ts';

export { SIDEBAR_COOKIE };
const SIDEBAR_COOKIE_DAYS = 365;
const EVENT = 'sreda:sidebar';

/** Toggles the sidebar: on desktop collapse (remembered), on mobile the drawer (not remembered). */
export function toggleSidebar() {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { toggle: true } }));
}

/** The left column: the site's sections, the communities and the footer's links (the live feed is the right column's). */
export function Sidebar({ communities, initialCollapsed }: { communities: SubsiteCard[]; initialCollapsed: boolean }) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const recent = useRecentCount(pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    const onEvent = (e: Event) => {
      const detail = (e as CustomEvent<{ toggle?: boolean; collapsed?: boolean }>).detail ?? {};
      if (detail.toggle && window.innerWidth < MOBILE_WIDTH) {
        setDrawerOpen((v) => !v);
        return;
      }
      setCollapsed((prev) => {
        const next = detail.toggle ? !prev : Boolean(detail.collapsed);
        setCookie(SIDEBAR_COOKIE, next ? '1' : '0', SIDEBAR_COOKIE_DAYS);
        return next;
      });
    };
    window.addEventListener(EVENT, onEvent);
    return () => window.removeEventListener(EVENT, onEvent);
  }, []);

  const className = ['sidebar', collapsed && 'sidebar--collapsed', drawerOpen && 'sidebar--open']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {drawerOpen && <div className="sidebar-backdrop" onClick={() => setDrawerOpen(false)} />}
      <aside
        className={className}
        data-testid="sidebar"
        data-collapsed={collapsed ? '1' : '0'}
        onClick={(e) => (e.target as HTMLElement).closest('a') && setDrawerOpen(false)}
      >
        <nav className="sidebar-nav" aria-label={navUi.label}>
          <SidebarLink pathname={pathname} to="/" end icon={ICONS.popular} label={navUi.popular} />
          <SidebarLink pathname={pathname} to="/new" icon={ICONS.recent} label={navUi.new} count={recent} />
          <SidebarLink pathname={pathname} to="/my/new" icon={ICONS.my} label={navUi.my} />
          {user && (
            <SidebarLink pathname={pathname} to="/bookmarks" icon={ICONS.bookmarks} label={feedNavUi.bookmarks} />
          )}
          <SidebarLink pathname={pathname} to="/rating" icon={ICONS.rating} label={discoveryNavUi.rating.title} />
          <SidebarLink
            pathname={pathname}
            to="/companies"
            icon={ICONS.companies}
            label={discoveryNavUi.companies.title}
          />
          <SidebarLink pathname={pathname} to="/stats" icon={ICONS.stats} label={discoveryNavUi.stats.title} />
          <SidebarLink pathname={pathname} to="/job" icon={ICONS.job} label={boardNavUi.job} />
          <SidebarLink pathname={pathname} to="/events" icon={ICONS.events} label={boardNavUi.events} />
        </nav>
        {communities.length > 0 && (
          <section className="sidebar-section">
            <h3 className="sidebar-title">{navUi.communities}</h3>
            <ul className="sidebar-subsites">
              {communities.map((s) => (
                <li key={s.id} className="sidebar-subsite" data-testid="sidebar-subsite" data-id={s.id}>
                  <PageLink to={s.url} className="sidebar-subsite-link">
                    <Avatar name={s.name} color={s.avatar_color} url={s.avatar_url} size={28} />
                    <span className="sidebar-subsite-name">{s.name}</span>
                  </PageLink>
                  <SubscribeButton subsite={s} compact />
                </li>
              ))}
            </ul>
          </section>
        )}
        <nav className="sidebar-footer" aria-label={footerUi.label} data-testid="site-footer">
          {FOOTER.map(([to, label]) => (
            <PageLink key={to} to={to}>
              {label}
            </PageLink>
          ))}
        </nav>
      </aside>
    </>
  );
}

/** The site's own pages at the sidebar's bottom (in the drawer on a phone) and in the mobile footer (mobile-footer.ts). */
export const FOOTER = [
  ['/about', footerUi.about],
  ['/contacts', footerUi.contacts],
  ['/terms', footerUi.terms],
  ['/agreement', footerUi.agreement],
] as const;

const icon = (d: string) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  popular: (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
      <path d="M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 1-2 1-6 1-9z" fill="currentColor" />
    </svg>
  ),
  recent: icon('M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z'),
  my: icon('M4 6h16M4 12h16M4 18h10'),
  bookmarks: icon('M6 4h12v16l-6-4-6 4z'),
  rating: icon('M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4'),
  job: icon('M3 8h18v12H3zM9 8V5h6v3M3 13h18'),
  events: icon('M4 6h16v14H4zM4 10h16M8 3v4M16 3v4'),
  companies: icon('M4 21V7l8-4v18M12 9h8v12M8 9v.01M8 13v.01M8 17v.01M16 13v.01M16 17v.01M3 21h18'),
  stats: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
};

function SidebarLink({
  pathname,
  to,
  end,
  icon: glyph,
  label,
  count = 0,
}: {
  pathname: string;
  to: string;
  end?: boolean;
  icon: ReactNode;
  label: string;
  count?: number;
}) {
  const current = isCurrentPath(pathname, to, end);
  return (
    <PageLink
      to={to}
      className={current ? 'sidebar-link active' : 'sidebar-link'}
      aria-current={current ? 'page' : undefined}
      data-testid="sidebar-link"
    >
      {glyph}
      <span>{label}</span>
      {count > 0 && (
        <span className="sidebar-badge" data-testid="new-badge" title={feedNavUi.newBadge(count)}>
          {badgeText(count)}
        </span>
      )}
    </PageLink>
  );
}
