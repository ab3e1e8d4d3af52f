import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type {
  approveJoin,
  joinRequestsOf,
  JoinRequests as Requests,
  refuseJoin,
} from '../../../shared/api/subsites.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatDate } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import './subsites.css';

const t = ui.subsites;

/** A private community's requests to join, for its creator and admins: approve or refuse each (issue 32, point 4). */
export function JoinRequests({ subsiteId }: { subsiteId: number }) {
  const [list, setList] = useState<Requests | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void call<typeof joinRequestsOf>('GET /subsite/requests/:id', { id: subsiteId }).then((res) => {
      if (live && res.ok) setList(res.data);
    });
    return () => {
      live = false;
    };
  }, [subsiteId]);

  async function answer(userId: number, approve: boolean) {
    setBusy(userId);
    const res = approve
      ? await call<typeof approveJoin>('POST /subsite/requests/:id/approve', { id: subsiteId, user_id: userId })
      : await call<typeof refuseJoin>('POST /subsite/requests/:id/refuse', { id: subsiteId, user_id: userId });
    setBusy(null);
    if (!res.ok) return;
    setList(res.data);
    toast.show(res.rm, { type: 'success' });
  }

  // Read on the client: nothing of it is in the server's page, so it appears once its list has come.
  if (!list) return null;
  const now = Date.now();
  return (
    <section className="settings-section" id="requests" data-testid="join-requests">
      <h2>{list.count > 0 ? `${t.requests} (${list.count})` : t.requests}</h2>
      {list.items.length === 0 && <p className="settings-hint">{t.requestsEmpty}</p>}
      {list.items.length > 0 && (
        <ul className="members-list join-requests">
          {list.items.map((r) => (
            <li key={r.id} data-testid="join-request" data-id={r.id}>
              <Avatar name={r.name} color={r.avatar_color} url={r.avatar_url} size={32} />
              <span className="join-requests__who">
                <Link to={r.url}>{r.name}</Link>
                {r.is_plus && <span className="join-requests__plus">{t.plusBadge}</span>}
                <span className="join-requests__date">{t.requestedAt(formatDate(r.date, now))}</span>
              </span>
              <span className="join-requests__actions">
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={busy === r.id}
                  onClick={() => answer(r.id, true)}
                  data-testid="join-approve"
                >
                  {t.approve}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={busy === r.id}
                  onClick={() => answer(r.id, false)}
                  data-testid="join-refuse"
                >
                  {t.refuse}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
