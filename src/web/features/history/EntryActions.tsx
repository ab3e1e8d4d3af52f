import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { complaintsShownUi, historyShownUi, moderationShownUi } from '../../../shared/catalogue/shown.ts';
import type { Entry } from '../../../shared/entries.ts';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { banUser, openEntryStats } from '../moderation/open.ts';
import { historyUrl, removeEntry, restoreEntry } from './lifecycle.ts';

/** The staff part of the menu: its own chunk (dynamic import loads it once). */
const staffCode = () => import('../moderation/entry.ts');

const L = historyShownUi;

/**
 * The '…' menu of an entry for its author and staff (the server decides again): edit, the history of changes, the
 * statistics popup, remove with confirmation or restore. A removed entry leaves its page, so removal goes on to the history screen,
 * where it can be restored.
 */
export function EntryActions({
  entry,
}: {
  entry: Pick<
    Entry,
    | 'id'
    | 'removed'
    | 'url'
    | 'author'
    | 'is_published'
    | 'is_nsfw'
    | 'is_hidden_from_main'
    | 'locked_by_admin'
    | 'subsite'
    | 'is_closed_editing'
    | 'pinned_feeds'
    | 'is_hidden_for_plus'
  >;
}) {
  const me = useCurrentUser();
  const canBan = Boolean(me?.is_staff) && me?.id !== entry.author.id;
  // The statistics are the author's and staff's (the server decides again).
  const canSeeStats = Boolean(me && (me.is_staff || me.id === entry.author.id)) && !entry.removed;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Staff items come from the moderation code, loaded for staff only (a reader's page carries none of it): fetched
  // ahead once the reader is known to be staff, and awaited if the menu opens first.
  useEffect(() => {
    if (me?.is_staff) void staffCode();
  }, [me?.is_staff]);

  async function select(value: string | undefined) {
    if (value === 'edit') void navigate(`/writing/${entry.id}`);
    else if (value === 'history') void navigate(historyUrl(entry.id));
    else if (value === 'remove' && (await removeEntry(entry))) void navigate(historyUrl(entry.id));
    else if (value === 'restore' && (await restoreEntry(entry))) void revalidator.revalidate();
    else if (value === 'ban' && (await banUser(entry.author))) void revalidator.revalidate();
    else if (value === 'stats') void openEntryStats(entry.id);
    else if (value?.startsWith('mod:') && (await (await staffCode()).runStaffEntryAction(entry, value)))
      void revalidator.revalidate();
  }

  return (
    <MoreMenu
      label={L.menu}
      className="entry-actions"
      testId="entry-actions"
      items={async () => [
        { label: L.edit, value: 'edit' },
        { label: L.history, value: 'history' },
        ...(canSeeStats ? [{ label: complaintsShownUi.stats, value: 'stats' }] : []),
        entry.removed
          ? { label: L.restore, value: 'restore' }
          : { label: L.remove, value: 'remove', color: 'var(--danger)' },
        ...(me?.is_staff && !entry.removed ? (await staffCode()).staffEntryItems(entry) : []),
        ...(canBan ? [{ label: moderationShownUi.banAuthor, value: 'ban', color: 'var(--danger)' }] : []),
      ]}
      onSelect={(value) => void select(value)}
    />
  );
}
