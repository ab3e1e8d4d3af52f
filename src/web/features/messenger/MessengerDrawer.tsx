import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { drawerStore } from './unread.ts';
import { Messenger } from './Messenger.tsx';

const t = ui.messenger;

/** The messenger over the right side of any page, opened by the header's icon (MessengerButton). */
export function MessengerDrawer({ me, open }: { me: number; open: number }) {
  return (
    <aside className="messenger-drawer" aria-label={t.title} data-testid="messenger-drawer">
      <div className="messenger-drawer__head">
        <h2>{t.title}</h2>
        <Link
          to={open ? `/messenger?chat=${open}` : '/messenger'}
          className="messenger-drawer__full"
          onClick={() => drawerStore.set(null)}
        >
          {t.openPage}
        </Link>
        <button
          type="button"
          className="icon-btn"
          aria-label={t.close}
          onClick={() => drawerStore.set(null)}
          data-testid="messenger-close"
        >
          ×
        </button>
      </div>
      <Messenger me={me} mode="panel" chatId={open || null} onChatChange={(id) => drawerStore.set(id ?? 0)} />
    </aside>
  );
}
