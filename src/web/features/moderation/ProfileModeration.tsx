import { useCallback, useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatUntil } from '../../../shared/format.ts';
import type { BanItem, bansHistory } from '../../../shared/api/moderation.ts';
import { call } from '../../api/call.ts';
import { useCurrentUser } from '../auth/session.ts';
import { banUser, unbanUser } from './ban.ts';
import { BanList } from './BanList.tsx';
import './moderation.css';

const L = ui.moderation;

/**
 * Staff tools on a person's profile: ban or unban, and the bans history widget. Shown to staff only, never on one's
 * own profile; the server checks again.
 */
export function ProfileModeration({ person }: { person: { id: number; name: string } }) {
  const me = useCurrentUser();
  const [bans, setBans] = useState<BanItem[] | null>(null);
  const [open, setOpen] = useState(false);
  const allowed = Boolean(me?.is_staff) && me?.id !== person.id;

  const load = useCallback(async () => {
    const res = await call<typeof bansHistory>('GET /admin/users/:id/bans', { id: person.id }, { notify: false });
    if (res.ok) setBans(res.data.items);
  }, [person.id]);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);
  if (!allowed) return null;

  const active = bans?.find((b) => b.is_active && b.subsite === null) ?? null;
  return (
    <section className="mod-profile" data-testid="profile-moderation" aria-label={L.panelTitle}>
      {active ? (
        <p className="mod-profile__state" data-testid="profile-banned">
          <b>{L.bannedNow}</b> {active.until ? L.until(formatUntil(active.until)) : L.forever}
          {active.reason && <> · {active.reason}</>}
        </p>
      ) : null}
      <div className="mod-profile__actions">
        {active ? (
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="profile-unban"
            onClick={async () => (await unbanUser(person)) && load()}
          >
            {L.unban}
          </button>
        ) : (
          <button
            type="button"
            className="btn mod-btn-danger"
            data-testid="profile-ban"
            onClick={async () => (await banUser(person)) && load()}
          >
            {L.ban}
          </button>
        )}
        <button
          type="button"
          className="link"
          aria-expanded={open}
          data-testid="profile-bans-toggle"
          onClick={() => setOpen((v) => !v)}
        >
          {L.bansHistory} {bans ? `(${bans.length})` : ''}
        </button>
      </div>
      {open && bans && <BanList items={bans} empty={L.bansHistoryEmpty} now={Date.now()} />}
    </section>
  );
}
