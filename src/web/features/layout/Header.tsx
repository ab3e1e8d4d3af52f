import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../../shared/api.ts';
import { headerUi, siteName } from '../../../shared/catalogue/site.ts';
import {
  billingStaffTitleUi,
  donationsCabinetUi,
  draftsTitleUi,
  moderationMenuUi,
  notificationsMenuUi,
  paymentsMenuUi,
  plusPageTitleUi,
} from '../../../shared/catalogue/shown.ts';
import { Popover, type PopoverItem } from '../../ui/overlays/popover.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { openAuthPopup } from '../auth/open.ts';
import { authCalls, setCurrentUser } from '../auth/session.ts';
import { toggleSidebar } from './Sidebar.tsx';
import { openEditor } from '../editor/open.ts';
import { NotificationsBell } from '../notifications/NotificationsBell.tsx';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { useUnreadCount } from '../notifications/unread.ts';
import { MessengerButton } from '../messenger/MessengerButton.tsx';
import { useMessengerUnread } from '../messenger/unread.ts';
import type { MessengerUnread as MessengerUnreadData } from '../../../shared/messenger.ts';
import { PlusBadge } from '../payments/PlusBadge.tsx';

const WriteIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
    <path
      d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

export function Header({
  user,
  unreadCount,
  messengerUnread: messengerInitial,
}: {
  user: CurrentUser | null;
  unreadCount: number;
  messengerUnread?: MessengerUnreadData;
}) {
  const messengerUnread = useMessengerUnread(user?.id ?? null, messengerInitial);
  const unread = useUnreadCount(user?.id ?? null, unreadCount, messengerUnread);
  const menuAnchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();

  async function logout() {
    const result = await authCalls.logout();
    if (!result.ok) return;
    setCurrentUser(null);
    toast.show(headerUi.loggedOut, { type: 'success' });
  }

  const items: PopoverItem[] = user
    ? [
        // Every item but the blog and signing out names the page it opens.
        { label: user.name, details: headerUi.myBlog, value: 'blog' },
        { label: draftsTitleUi.title, value: '/drafts' },
        { label: plusPageTitleUi.title, value: '/plus' },
        { label: donationsCabinetUi.title, value: '/donations' },
        { label: notificationsMenuUi.settingsTitle, value: '/u/me/settings' },
        ...(user.is_staff
          ? [
              { label: moderationMenuUi.panelTitle, value: '/admin' },
              { label: paymentsMenuUi.staffTitle, value: '/admin/payments' },
              { label: billingStaffTitleUi.title, value: '/admin/billing' },
              { label: headerUi.outbox, value: '/admin/outbox' },
            ]
          : []),
        { label: headerUi.logout, value: 'logout' },
      ]
    : [];

  return (
    <header className="site-header">
      <div className="site-header-left">
        <button
          type="button"
          className="icon-btn"
          aria-label={headerUi.toggleSidebar}
          onClick={toggleSidebar}
          data-testid="sidebar-toggle"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to="/" className="logo" aria-label={siteName}>
          <span className="logo-mark">С</span>
          <span className="logo-text">{siteName}</span>
        </Link>
      </div>
      <HeaderSearch />
      <div className="site-header-right">
        {user ? (
          <Link
            to="/writing"
            className="btn btn-primary write-btn"
            data-testid="write-button"
            aria-label={headerUi.write}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey) return;
              e.preventDefault();
              openEditor();
            }}
          >
            <WriteIcon />
            <span className="write-btn-label">{headerUi.write}</span>
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-secondary write-btn"
            data-testid="write-button"
            aria-label={headerUi.write}
            onClick={() => openAuthPopup('login').then((ok) => ok && openEditor())}
          >
            <WriteIcon />
            <span className="write-btn-label">{headerUi.write}</span>
          </button>
        )}
        {user ? (
          <>
            <MessengerButton me={user.id} count={messengerUnread} />
            <NotificationsBell count={unread} />
            <button
              ref={menuAnchor}
              type="button"
              className="account-btn"
              aria-label={headerUi.account}
              aria-haspopup="menu"
              onClick={() => setMenuOpen((v) => !v)}
              data-testid="account-menu"
            >
              <Avatar name={user.name} color={user.avatar_color} url={user.avatar_url} size={32} />
              <span className="account-name">{user.name}</span>
              {user.is_paid && <PlusBadge />}
            </button>
            <Popover
              anchor={menuAnchor.current}
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              align="right"
              items={items}
              onSelect={(item) => {
                setMenuOpen(false);
                if (item.value === 'blog') void navigate(user.url);
                else if (item.value === 'logout') void logout();
                else if (item.value) void navigate(item.value);
              }}
            />
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => openAuthPopup('login')}
            data-testid="login-button"
          >
            {headerUi.login}
          </button>
        )}
      </div>
    </header>
  );
}
